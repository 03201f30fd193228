// The `owned:<cr uid>` topic: the Deployment(s) a CR controls and the Pods of their ReplicaSets,
// sent whole (a handful of objects) and coalesced, so a rollout of five pods is a few events,
// not dozens. Informers on Deployments, ReplicaSets and Pods carrying the operand label
// `app.kubernetes.io/managed-by` run while any owned: topic has a subscriber (stopped `lingerMs`
// after the last leaves); as for kinds, a topic that gets a subscriber again gets a fresh
// snapshot on the bus once the caches are synced.
import { AppsV1Api, CoreV1Api } from '@kubernetes/client-node';
import type { KubeConfig, KubernetesObject, V1Deployment, V1Pod, V1ReplicaSet } from '@kubernetes/client-node';
import { conditionsOf } from '@opstudio/shared/resources/index';
import { ResilientInformer } from '../kube/informer';
import type { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import type { SnapshotRegistry } from '../live/snapshots';
import { isFamilyTopic, ownedTopic, topicKey } from '@opstudio/shared/live/topics';
import type { Topic } from '@opstudio/shared/live/topics';
import type { OwnedDeployment, OwnedPod } from './types';

const OPERAND_SELECTOR = 'app.kubernetes.io/managed-by';
/** The CR uid of an `owned:<uid>` topic (only those reach the hooks registered below). */
const uidOf = (topic: string): string => topicKey('owned', topic) ?? '';

export interface OwnedWatcherOptions {
  readonly lingerMs?: number;
  readonly coalesceMs?: number;
  readonly syncWaitMs?: number;
  readonly log?: (message: string) => void;
}

interface Caches {
  readonly stop: AbortController;
  readonly deployments: ResilientInformer<V1Deployment>;
  readonly replicaSets: ResilientInformer<V1ReplicaSet>;
  readonly pods: ResilientInformer<V1Pod>;
}

export class OwnedWatcher {
  private caches: Caches | undefined;
  private linger: NodeJS.Timeout | undefined;
  /** uid → controlling owner uid, for every object seen (kept a while after a delete). */
  private readonly owners = new Map<string, string>();
  private readonly interested = new Set<string>();
  private readonly servedBefore = new Set<string>();
  private readonly pending = new Set<string>();
  private readonly scheduled = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly kc: KubeConfig,
    private readonly bus: LiveBus,
    private readonly opts: OwnedWatcherOptions = {},
  ) {}

  registerSnapshots(snapshots: SnapshotRegistry): void {
    snapshots.register(
      (t) => isFamilyTopic('owned', t),
      (topic) => this.snapshot(topic),
      {
        acquire: (topic) => this.acquire(uidOf(topic)),
        release: (topic) => this.release(uidOf(topic)),
      },
    );
  }

  stopAll(): void {
    clearTimeout(this.linger);
    for (const t of this.scheduled.values()) clearTimeout(t);
    this.scheduled.clear();
    this.caches?.stop.abort();
    this.caches = undefined;
  }

  private acquire(uid: string): void {
    clearTimeout(this.linger);
    this.linger = undefined;
    const caches = this.ensure();
    this.interested.add(uid);
    // Not synced yet: the subscriber's snapshot (which waits at most syncWaitMs) may miss objects
    // that already exist, and their list fires no change: publish a fresh snapshot once synced.
    if (!this.synced(caches)) this.pending.add(uid);
    else if (this.servedBefore.has(uid)) this.schedule(uid, 0);
    this.servedBefore.add(uid);
  }

  private release(uid: string): void {
    this.interested.delete(uid);
    this.pending.delete(uid);
    clearTimeout(this.scheduled.get(uid));
    this.scheduled.delete(uid);
    if (this.interested.size > 0) return;
    clearTimeout(this.linger);
    this.linger = setTimeout(() => this.stopAll(), this.opts.lingerMs ?? 60_000);
    this.linger.unref();
  }

  private async snapshot(topic: Topic): Promise<LiveEvent[]> {
    const uid = uidOf(topic);
    const caches = this.caches;
    if (caches !== undefined)
      await Promise.all(
        [caches.deployments, caches.replicaSets, caches.pods].map((i) => i.waitForSync(this.opts.syncWaitMs ?? 5000)),
      );
    return [this.snapshotOf(uid)];
  }

  private snapshotOf(uid: string): LiveEvent {
    const topic = ownedTopic(uid);
    const caches = this.caches;
    if (caches === undefined) return { topic, type: 'snapshot', deployments: [], pods: [] };
    const deployments = caches.deployments.list().filter((d) => controllerOf(d) === uid);
    const byUid = new Map(deployments.map((d) => [d.metadata?.uid ?? '', d.metadata?.name ?? '']));
    const rsToDeployment = new Map<string, string>();
    for (const rs of caches.replicaSets.list()) {
      const dep = byUid.get(controllerOf(rs) ?? '');
      if (dep !== undefined) rsToDeployment.set(rs.metadata?.uid ?? '', dep);
    }
    const pods: OwnedPod[] = [];
    for (const pod of caches.pods.list()) {
      const dep = rsToDeployment.get(controllerOf(pod) ?? '');
      if (dep !== undefined) pods.push(podSummary(pod, dep));
    }
    return {
      topic,
      type: 'snapshot',
      deployments: deployments.map(deploymentSummary).sort((a, b) => a.name.localeCompare(b.name)),
      pods: pods.sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  private synced(c: Caches): boolean {
    return c.deployments.synced && c.replicaSets.synced && c.pods.synced;
  }

  private ensure(): Caches {
    if (this.caches !== undefined) return this.caches;
    const apps = this.kc.makeApiClient(AppsV1Api);
    const core = this.kc.makeApiClient(CoreV1Api);
    const common = {
      kc: this.kc,
      labelSelector: OPERAND_SELECTOR,
      ...(this.opts.log !== undefined ? { log: this.opts.log } : {}),
    };
    const caches: Caches = {
      stop: new AbortController(),
      deployments: new ResilientInformer<V1Deployment>({
        ...common,
        path: '/apis/apps/v1/deployments',
        list: () => apps.listDeploymentForAllNamespaces({ labelSelector: OPERAND_SELECTOR }),
      }),
      replicaSets: new ResilientInformer<V1ReplicaSet>({
        ...common,
        path: '/apis/apps/v1/replicasets',
        list: () => apps.listReplicaSetForAllNamespaces({ labelSelector: OPERAND_SELECTOR }),
      }),
      pods: new ResilientInformer<V1Pod>({
        ...common,
        path: '/api/v1/pods',
        list: () => core.listPodForAllNamespaces({ labelSelector: OPERAND_SELECTOR }),
      }),
    };
    for (const informer of [
      caches.deployments,
      caches.replicaSets,
      caches.pods,
    ] as ResilientInformer<KubernetesObject>[]) {
      informer.on('add', (o) => this.changed(o, false));
      informer.on('update', (o) => this.changed(o, false));
      informer.on('delete', (o) => this.changed(o, true));
      informer.onState((state) => {
        if (state !== 'watching' || !this.synced(caches)) return;
        for (const uid of this.pending) this.schedule(uid, 0);
        this.pending.clear();
      });
    }
    this.caches = caches;
    for (const informer of [caches.deployments, caches.replicaSets, caches.pods])
      void informer.start(caches.stop.signal);
    return caches;
  }

  private changed(o: KubernetesObject, deleted: boolean): void {
    const uid = o.metadata?.uid;
    const owner = controllerOf(o);
    if (uid !== undefined && owner !== undefined) {
      this.owners.set(uid, owner);
      if (deleted) setTimeout(() => this.owners.delete(uid), 10 * 60_000).unref();
    }
    const caches = this.caches;
    if (caches === undefined || !this.synced(caches)) return;
    const root = this.rootOf(uid);
    if (root !== undefined && this.interested.has(root)) this.schedule(root, this.opts.coalesceMs ?? 100);
  }

  /** Pod → ReplicaSet → Deployment → CR: the uid at the top of the chain (three hops at most). */
  private rootOf(uid: string | undefined): string | undefined {
    let current = uid;
    for (let hops = 0; hops < 3 && current !== undefined; hops++) {
      const owner = this.owners.get(current);
      if (owner === undefined) return current;
      current = owner;
    }
    return current;
  }

  private schedule(uid: string, delayMs: number): void {
    if (this.scheduled.has(uid)) return;
    const timer = setTimeout(() => {
      this.scheduled.delete(uid);
      if (this.interested.has(uid)) this.bus.publish(this.snapshotOf(uid));
    }, delayMs);
    timer.unref();
    this.scheduled.set(uid, timer);
  }
}

function controllerOf(o: KubernetesObject): string | undefined {
  return o.metadata?.ownerReferences?.find((r) => r.controller === true)?.uid;
}

function iso(t: Date | string | undefined): string | null {
  if (t === undefined) return null;
  const d = t instanceof Date ? t : new Date(t);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function deploymentSummary(d: V1Deployment): OwnedDeployment {
  const s = d.status;
  return {
    uid: d.metadata?.uid ?? '',
    name: d.metadata?.name ?? '',
    namespace: d.metadata?.namespace ?? '',
    replicas: {
      desired: d.spec?.replicas ?? 1,
      current: s?.replicas ?? 0,
      ready: s?.readyReplicas ?? 0,
      updated: s?.updatedReplicas ?? 0,
      available: s?.availableReplicas ?? 0,
      unavailable: s?.unavailableReplicas ?? 0,
    },
    generation: d.metadata?.generation ?? null,
    observedGeneration: s?.observedGeneration ?? null,
    conditions: conditionsOf(
      (s?.conditions ?? []).map((c) => ({ ...c, lastTransitionTime: iso(c.lastTransitionTime) })),
    ),
    createdAt: iso(d.metadata?.creationTimestamp),
  };
}

function podSummary(p: V1Pod, deployment: string): OwnedPod {
  const statuses = p.status?.containerStatuses ?? [];
  return {
    uid: p.metadata?.uid ?? '',
    name: p.metadata?.name ?? '',
    namespace: p.metadata?.namespace ?? '',
    deployment,
    phase: p.status?.phase ?? 'Pending',
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
