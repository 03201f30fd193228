// The `owned:<cr uid>` topic: what a CR controls, sent whole (a handful of objects) and coalesced,
// so a rollout of five pods is a few events, not dozens: the workloads it runs and their Pods, and
// the claims (`workloads`, `pods`, `claims`: the Pods panel's rows, ./workloads.ts; a StatefulSet's
// claims, which it does not own, by their names), and every object of the watched kinds
// the CR controls directly or through others (`objects`: Services, ConfigMaps, StatefulSets, …
// when the caller lists them in `ownedKinds`). Leases on those kinds in the shared informer cache
// are held while any owned: topic has a subscriber (the cache stops an informer `lingerMs` after
// its last lease goes); as for kinds, a topic that gets a subscriber again gets a fresh snapshot
// on the bus once the caches are synced. The owner index of the cache finds the children.
import type { KubeConfig, KubernetesObject, V1StatefulSet } from '@kubernetes/client-node';
import { COMPONENT_LABEL, MANAGED_BY } from '@opstudio/shared/graph/index';
import { ELEMENT_LABEL } from '@opstudio/shared/graph/collections';
import { conditionsOf } from '@opstudio/shared/resources/index';
import { InformerCache, type InformerLease } from '../kube/informer-cache';
import { ownedTree, type OwnedNode } from '../kube/owned-tree';
import { OwnerChain } from '../kube/owner-chain';
import { DEFAULT_OWNED_KINDS } from '../kube/resource-spec';
import type { KindSpec } from '../kube/resource-spec';
import type { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import type { SnapshotRegistry } from '../live/snapshots';
import { isFamilyTopic, ownedTopic, topicKey } from '@opstudio/shared/live/topics';
import type { Topic } from '@opstudio/shared/live/topics';
import type { OwnedObject } from './types';
import { claimOrdinal, claimPrefixes, iso, podsView } from './workloads';

/** The CR uid of an `owned:<uid>` topic (only those reach the hooks registered below). */
const uidOf = (topic: string): string => topicKey('owned', topic) ?? '';

export interface OwnedWatcherOptions {
  readonly lingerMs?: number;
  readonly coalesceMs?: number;
  readonly syncWaitMs?: number;
  /** The controller's shared informer cache; without it one of its own. */
  readonly cache?: InformerCache;
  /** The kinds a CR's owned objects are looked for in (default: Deployments, their ReplicaSets, their Pods). */
  readonly ownedKinds?: readonly KindSpec[];
  readonly log?: (message: string) => void;
}

interface Held {
  readonly kind: KindSpec;
  readonly lease: InformerLease;
}

export class OwnedWatcher {
  private readonly cache: InformerCache;
  private readonly kinds: readonly KindSpec[];
  private held: readonly Held[] | undefined;
  /** Controller uids up the chain; a deleted object's is kept a while (its delete still updates its CR). */
  private readonly chain = new OwnerChain(() => (this.held ?? []).map((h) => h.lease), { keepDeletedMs: 10 * 60_000 });
  private readonly interested = new Set<string>();
  private readonly servedBefore = new Set<string>();
  private readonly pending = new Set<string>();
  private readonly scheduled = new Map<string, NodeJS.Timeout>();
  /** Per CR: its StatefulSets' claim-name prefixes (`<ns>/<template>-<sts>-`), whose claims it does not own. */
  private readonly claimPrefixes = new Map<string, readonly string[]>();

  constructor(
    kc: KubeConfig,
    private readonly bus: LiveBus,
    private readonly opts: OwnedWatcherOptions = {},
  ) {
    this.cache = opts.cache ?? new InformerCache({ kc, ...(opts.log !== undefined ? { log: opts.log } : {}) });
    this.kinds = opts.ownedKinds ?? DEFAULT_OWNED_KINDS;
  }

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

  /** Releases the leases (the cache stops the informers `lingerMs` later, unless others hold them). */
  stopAll(): void {
    for (const t of this.scheduled.values()) clearTimeout(t);
    this.scheduled.clear();
    for (const { lease } of this.held ?? []) lease.release();
    this.held = undefined;
  }

  private acquire(uid: string): void {
    const held = this.ensure();
    this.interested.add(uid);
    // Not synced yet: the subscriber's snapshot (which waits at most syncWaitMs) may miss objects
    // that already exist, and their list fires no change: publish a fresh snapshot once synced.
    if (!synced(held)) this.pending.add(uid);
    else if (this.servedBefore.has(uid)) this.schedule(uid, 0);
    this.servedBefore.add(uid);
  }

  private release(uid: string): void {
    this.interested.delete(uid);
    this.pending.delete(uid);
    this.claimPrefixes.delete(uid);
    clearTimeout(this.scheduled.get(uid));
    this.scheduled.delete(uid);
    if (this.interested.size === 0) this.stopAll();
  }

  private async snapshot(topic: Topic): Promise<LiveEvent[]> {
    const uid = uidOf(topic);
    const held = this.held;
    if (held !== undefined) await Promise.all(held.map(({ lease }) => lease.waitForSync(this.opts.syncWaitMs ?? 5000)));
    return [this.snapshotOf(uid)];
  }

  private snapshotOf(uid: string): LiveEvent {
    const topic = ownedTopic(uid);
    const held = this.held;
    if (held === undefined) return { topic, type: 'snapshot', workloads: [], pods: [], claims: [], objects: [] };
    const tree = ownedTree(
      uid,
      held.map(({ kind, lease }) => ({ kind, byController: (owner: string) => lease.byController(owner) })),
    );
    const claims = held.find(({ kind }) => kind.group === '' && kind.resource === 'persistentvolumeclaims');
    const view = podsView(tree, (ns) => claims?.lease.list(ns) ?? []);
    this.claimPrefixes.set(
      uid,
      tree.flatMap((n) =>
        n.kind.kind === 'StatefulSet'
          ? claimPrefixes(n.object as V1StatefulSet).map((p) => `${n.object.metadata?.namespace ?? ''}/${p}`)
          : [],
      ),
    );
    return { topic, type: 'snapshot', ...view, objects: tree.map(ownedObject) };
  }

  private ensure(): readonly Held[] {
    if (this.held !== undefined) return this.held;
    const lingerMs = this.opts.lingerMs ?? 60_000;
    const held = this.kinds.map((kind) => ({ kind, lease: this.cache.acquire(kind, { lingerMs }) }));
    this.held = held;
    for (const { lease } of held) {
      lease.on('add', (o) => this.changed(o));
      lease.on('update', (o) => this.changed(o));
      lease.on('delete', (o) => {
        this.chain.deletedObject(o);
        this.changed(o);
      });
      lease.onState((state) => {
        if (state !== 'watching' || this.held !== held || !synced(held)) return;
        for (const uid of this.pending) this.schedule(uid, 0);
        this.pending.clear();
      });
    }
    return held;
  }

  private changed(o: KubernetesObject): void {
    const held = this.held;
    if (held === undefined || !synced(held)) return;
    const root = this.chain.rootOfObject(o);
    if (root !== undefined && this.interested.has(root)) this.schedule(root, this.opts.coalesceMs ?? 100);
    else if (o.kind === 'PersistentVolumeClaim') this.claimChanged(o);
  }

  /** A claim no CR controls: a StatefulSet's, when its name is one of a shown CR's StatefulSets' claims. */
  private claimChanged(o: KubernetesObject): void {
    const key = `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
    for (const [uid, prefixes] of this.claimPrefixes)
      if (this.interested.has(uid) && prefixes.some((p) => claimOrdinal(key, p) !== undefined))
        this.schedule(uid, this.opts.coalesceMs ?? 100);
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

function synced(held: readonly Held[]): boolean {
  return held.every(({ lease }) => lease.synced);
}

function ownedObject(n: OwnedNode): OwnedObject {
  const m = n.object.metadata;
  const status = (n.object as { status?: { conditions?: unknown } }).status;
  return {
    group: n.kind.group,
    version: n.kind.version,
    resource: n.kind.resource,
    kind: n.object.kind ?? n.kind.kind,
    uid: m?.uid ?? '',
    name: m?.name ?? '',
    namespace: m?.namespace ?? '',
    ownerUid: n.parent,
    depth: n.depth,
    ...graphChild(m?.labels),
    conditions: conditionsOf(status?.conditions),
    createdAt: iso(m?.creationTimestamp),
    deletionTimestamp: iso(m?.deletionTimestamp),
  };
}

/** Which child of a resource graph an object is, from the labels the planner gives it. */
function graphChild(labels: Record<string, string> | undefined): { child: string | null; element: string | null } {
  if (labels?.['app.kubernetes.io/managed-by'] !== MANAGED_BY) return { child: null, element: null };
  return { child: labels[COMPONENT_LABEL] ?? null, element: labels[ELEMENT_LABEL] ?? null };
}
