// One side of a graph-design parity test (export/graph-parity.int.test.ts): a custom resource of
// an installed kind in a namespace of its own (or none, cluster-scoped), and its children, found
// in any namespace by the planner's labels and owned by it (owner reference, or the owner label
// where Kubernetes allows no reference: docs/design/0039). `view` is what a user would compare
// between two controllers: every child's name, namespace, labels, annotations, owner reference
// (uid and group masked), spec (or data), and the custom resource's status and conditions, with
// the side's namespace and group masked.
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import assert from 'node:assert/strict';
import type { Condition } from '@opstudio/shared/operand/index';
import { designGraph } from '@opstudio/shared/design/operand-form';
import { childResourceOf } from '@opstudio/shared/graph/child-kinds';
import { isCollection } from '@opstudio/shared/graph/collections';
import { OWNER_UID_LABEL, ownerUidOf } from '@opstudio/shared/graph/ownership';
import { labelValue } from '@opstudio/shared/operand/desired';
import type { DesignFixture, InstalledKind } from './design-fixture';
import { eventually } from './index';

export interface Obj {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    uid: string;
    generation?: number;
    resourceVersion?: string;
    deletionTimestamp?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string; controller?: boolean }[];
  };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  status?: { conditions?: Condition[]; observedGeneration?: number } & Record<string, unknown>;
}

export interface Side {
  readonly label: string;
  readonly f: DesignFixture;
  readonly kind: InstalledKind;
  /** What to show when a wait times out (the Go manager's log). */
  readonly log?: () => string;
}

export interface Snapshot {
  readonly cr: Obj;
  readonly children: ReadonlyMap<string, Obj>;
}

/** `/api/v1/configmaps`, `/apis/apps/v1/deployments`: the collection (all namespaces) DesignFixture.object reads. */
export function collection(apiVersion: string, kind: string): string {
  return `${apiVersion.includes('/') ? '/apis' : '/api'}/${apiVersion}/${childResourceOf(apiVersion, kind).resource}`;
}

export const cond = (o: Obj | undefined, type: string) => o?.status?.conditions?.find((c) => c.type === type);

/** The CR and every child of the design that exists, in any namespace, and is owned by it; a collection's objects as `<id>/<name>`. */
export async function snapshot(side: Side, name: string): Promise<Snapshot | undefined> {
  const cr = await side.f.get<Obj>(side.kind, name);
  if (cr === undefined) return undefined;
  const children = new Map<string, Obj>();
  for (const r of designGraph(side.kind.design)?.resources ?? []) {
    const selector = `app.kubernetes.io/instance=${labelValue(name)},app.kubernetes.io/component=${r.id}`;
    const list = await side.f.kube.request<{ items: Obj[] }>({
      method: 'GET',
      path: collection(r.template.apiVersion, r.template.kind),
      query: { labelSelector: selector },
    });
    const owned = list.items.filter(
      (x) => ownerUidOf(x) === cr.metadata.uid && x.metadata.deletionTimestamp === undefined,
    );
    const typed = (o: Obj): Obj => ({ ...o, apiVersion: r.template.apiVersion, kind: r.template.kind });
    // a collection's objects, each as `<id>/<name>` (docs/design/0041)
    if (isCollection(r)) for (const o of owned) children.set(`${r.id}/${o.metadata.name}`, typed(o));
    else if (owned[0] !== undefined) children.set(r.id, typed(owned[0]));
  }
  return { cr, children };
}

/**
 * Waits until the side has written the status of the CR's latest generation with exactly the
 * children `ids` and `extra` holds, Ready or not (a StatefulSet whose volumes no provisioner
 * binds never gets ready on the sandbox), then returns what it saw.
 */
export function settled(
  side: Side,
  name: string,
  ids: readonly string[],
  extra: (s: Snapshot) => boolean = () => true,
  timeoutMs = 120_000,
): Promise<Snapshot> {
  let last: Snapshot | undefined;
  return eventually(`${side.label}: ${name} settled with ${ids.join(', ')}`, timeoutMs, async () => {
    const s = await snapshot(side, name);
    last = s;
    if (s === undefined) return undefined;
    const have = [...s.children.keys()].sort().join(',');
    return s.cr.status?.observedGeneration === s.cr.metadata.generation &&
      have === [...ids].sort().join(',') &&
      extra(s)
      ? s
      : undefined;
  }).catch((err: unknown) => {
    const seen = last && { status: last.cr.status, children: [...last.children.keys()] };
    const log = side.log?.() ?? '';
    throw new Error(`${String(err)}\nlast seen: ${JSON.stringify(seen)}${log === '' ? '' : `\nlog:\n${log}`}`);
  });
}

/**
 * Waits until the side is Ready for the CR's latest generation with exactly the children `ids`
 * (and `extra` holds), then returns what it saw.
 */
export function converged(
  side: Side,
  name: string,
  ids: readonly string[],
  extra: (s: Snapshot) => boolean = () => true,
  timeoutMs = 120_000,
): Promise<Snapshot> {
  return settled(side, name, ids, (s) => cond(s.cr, 'Ready')?.status === 'True' && extra(s), timeoutMs);
}

/** What must agree between the sides; uids, times, resourceVersions and allocated IPs left out. */
export function view(side: Side, s: Snapshot): unknown {
  const children: Record<string, unknown> = {};
  for (const [id, o] of s.children) {
    const refs = o.metadata.ownerReferences ?? [];
    const label = o.metadata.labels?.[OWNER_UID_LABEL];
    assert.deepEqual(
      [...refs.map((r) => r.uid), ...(label !== undefined ? [label] : [])],
      [s.cr.metadata.uid],
      `${side.label}: ${id} has one owner, the CR, by reference or by label`,
    );
    const labels = label === undefined ? o.metadata.labels : { ...o.metadata.labels, [OWNER_UID_LABEL]: '<uid>' };
    const { 'deployment.kubernetes.io/revision': _revision, ...annotations } = o.metadata.annotations ?? {};
    const spec = o.spec === undefined ? undefined : { ...o.spec };
    if (spec !== undefined && o.kind === 'Service' && spec.clusterIP !== 'None') {
      spec.clusterIP = '<allocated>';
      spec.clusterIPs = ['<allocated>'];
    }
    children[id] = {
      apiVersion: o.apiVersion,
      kind: o.kind,
      name: o.metadata.name,
      namespace: o.metadata.namespace,
      labels,
      annotations,
      ownerReferences: refs.map((r) => ({ ...r, uid: '<uid>' })),
      spec,
      data: o.data,
    };
  }
  const { conditions = [], ...status } = s.cr.status ?? {};
  const text = JSON.stringify({
    children,
    status,
    conditions: conditions
      .map(({ type, status: st, reason, message }) => ({ type, status: st, reason, message }))
      .sort((a, b) => a.type.localeCompare(b.type)),
  });
  // group before namespace: no namespace contains a group, but a group may contain the suffix
  return JSON.parse(text.replaceAll(side.kind.group, '<group>').replaceAll(side.f.ns, '<ns>')) as unknown;
}
