// The Pods panel's rows, pure over a CR's owned tree (./owned.ts walks it with the cache's owner
// index): the workloads that run pods (Deployment, StatefulSet, DaemonSet, Job, CronJob, a
// ReplicaSet no Deployment owns), each Pod with the workload it belongs to and why it is not
// running, and the PersistentVolumeClaims: the ones the CR controls and its StatefulSets' claims,
// which the StatefulSet does not own (`<template>-<statefulset>-<ordinal>` in its namespace).
import type {
  KubernetesObject,
  V1CronJob,
  V1DaemonSet,
  V1Deployment,
  V1Job,
  V1PersistentVolumeClaim,
  V1Pod,
  V1ReplicaSet,
  V1StatefulSet,
} from '@kubernetes/client-node';
import { conditionsOf } from '@opstudio/shared/resources/index';
import { podWaitReason } from '@opstudio/shared/graph/pod-waits';
import type { OwnedNode } from '../kube/owned-tree';
import type { OwnedClaim, OwnedPod, OwnedWorkload } from './types';

export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job', 'CronJob'] as const;

export interface PodsView {
  readonly workloads: OwnedWorkload[];
  readonly pods: OwnedPod[];
  readonly claims: OwnedClaim[];
}

/** Claims by namespace (the cache's PersistentVolumeClaims), to find a StatefulSet's claims in. */
export type ClaimsIn = (namespace: string) => readonly KubernetesObject[];

const kindOf = (n: OwnedNode) => n.object.kind ?? n.kind.kind;
const uidOf = (o: KubernetesObject) => o.metadata?.uid ?? '';
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** The workloads, pods and claims of a CR's owned tree (parents before children, as ownedTree gives it). */
export function podsView(tree: readonly OwnedNode[], claimsIn: ClaimsIn): PodsView {
  const nodes = new Map(tree.map((n) => [uidOf(n.object), n]));
  // a Deployment's ReplicaSets stand for it: its pods are the Deployment's
  const isWorkload = (n: OwnedNode) =>
    (WORKLOAD_KINDS as readonly string[]).includes(kindOf(n)) &&
    !(kindOf(n) === 'ReplicaSet' && nodes.get(n.parent) !== undefined && kindOf(nodes.get(n.parent)!) === 'Deployment');
  const workloadOf = (n: OwnedNode): OwnedNode | undefined => {
    for (let p = nodes.get(n.parent); p !== undefined; p = nodes.get(p.parent)) if (isWorkload(p)) return p;
    return undefined;
  };
  const workloads = tree.filter(isWorkload).map((n) => workloadSummary(kindOf(n), n.object));
  const podNodes = tree.filter((n) => kindOf(n) === 'Pod');
  const pods = podNodes.map((n) => {
    const w = workloadOf(n);
    return podSummary(n.object, w === undefined ? undefined : { kind: kindOf(w), name: w.object.metadata?.name ?? '' });
  });
  const claims = ownedClaims(
    tree,
    podNodes.map((n) => n.object as V1Pod),
    claimsIn,
  );
  return { workloads: workloads.sort(byName), pods: pods.sort(byName), claims: claims.sort(byName) };
}

/** The names a StatefulSet's claims have: `<template>-<statefulset>-` and an ordinal. */
export function claimPrefixes(sts: V1StatefulSet): string[] {
  const name = sts.metadata?.name ?? '';
  return (sts.spec?.volumeClaimTemplates ?? []).map((t) => `${t.metadata?.name ?? ''}-${name}-`);
}

/** The ordinal of a claim named `<prefix><ordinal>`, or undefined when the name is not one of them. */
export function claimOrdinal(claim: string, prefix: string): number | undefined {
  if (!claim.startsWith(prefix)) return undefined;
  const rest = claim.slice(prefix.length);
  return /^(0|[1-9][0-9]*)$/.test(rest) ? Number(rest) : undefined;
}

function ownedClaims(tree: readonly OwnedNode[], pods: readonly V1Pod[], claimsIn: ClaimsIn): OwnedClaim[] {
  const found = new Map<string, { claim: V1PersistentVolumeClaim; pod: string | null }>();
  for (const n of tree)
    if (kindOf(n) === 'PersistentVolumeClaim') found.set(uidOf(n.object), { claim: n.object, pod: null });
  for (const n of tree) {
    if (kindOf(n) !== 'StatefulSet') continue;
    const sts = n.object as V1StatefulSet;
    const prefixes = claimPrefixes(sts);
    for (const c of claimsIn(sts.metadata?.namespace ?? ''))
      for (const prefix of prefixes) {
        const ordinal = claimOrdinal(c.metadata?.name ?? '', prefix);
        if (ordinal !== undefined) found.set(uidOf(c), { claim: c, pod: `${sts.metadata?.name ?? ''}-${ordinal}` });
      }
  }
  return [...found.values()].map(({ claim, pod }) => claimSummary(claim, mountedBy(claim, pods) ?? pod));
}

/** The pod of `pods` that mounts the claim. */
function mountedBy(claim: V1PersistentVolumeClaim, pods: readonly V1Pod[]): string | null {
  const { name, namespace } = claim.metadata ?? {};
  const pod = pods.find(
    (p) =>
      p.metadata?.namespace === namespace &&
      (p.spec?.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === name),
  );
  return pod?.metadata?.name ?? null;
}

function workloadSummary(kind: string, o: KubernetesObject): OwnedWorkload {
  const counts = replicaCounts(kind, o);
  const status = (
    o as { status?: { conditions?: { lastTransitionTime?: Date | string }[]; observedGeneration?: number } }
  ).status;
  return {
    uid: uidOf(o),
    kind,
    name: o.metadata?.name ?? '',
    namespace: o.metadata?.namespace ?? '',
    replicas: counts.replicas,
    summary: counts.summary,
    generation: o.metadata?.generation ?? null,
    observedGeneration: status?.observedGeneration ?? null,
    conditions: conditionsOf(
      (status?.conditions ?? []).map((c) => ({ ...c, lastTransitionTime: iso(c.lastTransitionTime) })),
    ),
    createdAt: iso(o.metadata?.creationTimestamp),
  };
}

type Counts = { replicas: OwnedWorkload['replicas']; summary: string };

function replicaCounts(kind: string, o: KubernetesObject): Counts {
  const r = (desired: number, current = 0, ready = 0, updated = 0, available = 0, unavailable = 0) => ({
    desired,
    current,
    ready,
    updated,
    available,
    unavailable,
  });
  const readyText = (c: OwnedWorkload['replicas']) =>
    `${c.ready}/${c.desired} ready${c.updated !== c.desired ? `, ${c.updated} updated` : ''}`;
  const withText = (replicas: OwnedWorkload['replicas']): Counts => ({ replicas, summary: readyText(replicas) });
  if (kind === 'Deployment' || kind === 'ReplicaSet' || kind === 'StatefulSet') {
    const { spec, status } = o as V1Deployment | V1StatefulSet | V1ReplicaSet;
    const s = status as (V1Deployment['status'] & V1StatefulSet['status']) | undefined;
    const desired = spec?.replicas ?? 1;
    const updated = kind === 'ReplicaSet' ? (s?.replicas ?? 0) : (s?.updatedReplicas ?? 0);
    const unavailable = s?.unavailableReplicas ?? Math.max(0, desired - (s?.availableReplicas ?? 0));
    return withText(
      r(desired, s?.replicas ?? 0, s?.readyReplicas ?? 0, updated, s?.availableReplicas ?? 0, unavailable),
    );
  }
  if (kind === 'DaemonSet') {
    const s = (o as V1DaemonSet).status;
    return withText(
      r(
        s?.desiredNumberScheduled ?? 0,
        s?.currentNumberScheduled ?? 0,
        s?.numberReady ?? 0,
        s?.updatedNumberScheduled ?? 0,
        s?.numberAvailable ?? 0,
        s?.numberUnavailable ?? 0,
      ),
    );
  }
  if (kind === 'Job') {
    const { spec, status: s } = o as V1Job;
    const replicas = r(spec?.completions ?? 1, s?.active ?? 0, s?.ready ?? 0, s?.succeeded ?? 0, s?.succeeded ?? 0);
    return {
      replicas,
      summary: `${s?.active ?? 0} active, ${s?.succeeded ?? 0} succeeded${(s?.failed ?? 0) > 0 ? `, ${s?.failed} failed` : ''}`,
    };
  }
  const cron = o as V1CronJob;
  const suspended = cron.spec?.suspend === true ? ', suspended' : '';
  return {
    replicas: r(0),
    summary: `schedule ${cron.spec?.schedule ?? '?'}, ${cron.status?.active?.length ?? 0} active${suspended}`,
  };
}

function podSummary(p: V1Pod, workload: { kind: string; name: string } | undefined): OwnedPod {
  const statuses = p.status?.containerStatuses ?? [];
  return {
    uid: p.metadata?.uid ?? '',
    name: p.metadata?.name ?? '',
    namespace: p.metadata?.namespace ?? '',
    workload: workload?.name ?? '',
    workloadKind: workload?.kind ?? '',
    phase: p.status?.phase ?? 'Pending',
    reason: podWaitReason(p), // shared with the CR's Progressing message (graph/pod-waits.ts)
    ready: p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false,
    readyContainers: statuses.filter((c) => c.ready).length,
    containers: p.spec?.containers.length ?? statuses.length,
    restarts: statuses.reduce((n, c) => n + c.restartCount, 0),
    node: p.spec?.nodeName ?? null,
    podIP: p.status?.podIP ?? null,
    createdAt: iso(p.metadata?.creationTimestamp),
    deletionTimestamp: iso(p.metadata?.deletionTimestamp),
  };
}

function claimSummary(c: V1PersistentVolumeClaim, pod: string | null): OwnedClaim {
  return {
    uid: c.metadata?.uid ?? '',
    name: c.metadata?.name ?? '',
    namespace: c.metadata?.namespace ?? '',
    phase: c.status?.phase ?? 'Pending',
    capacity: quantity(c.status?.capacity?.storage) ?? quantity(c.spec?.resources?.requests?.storage),
    storageClass: c.spec?.storageClassName ?? null,
    pod,
    createdAt: iso(c.metadata?.creationTimestamp),
    deletionTimestamp: iso(c.metadata?.deletionTimestamp),
  };
}

const quantity = (q: unknown): string | null => (typeof q === 'string' || typeof q === 'number' ? String(q) : null);

export function iso(t: Date | string | undefined): string | null {
  if (t === undefined) return null;
  const d = t instanceof Date ? t : new Date(t);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
