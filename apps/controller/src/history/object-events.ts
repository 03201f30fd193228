// The `events:<uid>` topic: Kubernetes Events (events.k8s.io/v1) about one CR and everything it
// owns, transitively (its Deployment, the Deployment's ReplicaSets, their Pods: the scheduler's
// and the Deployment controller's Events count too). Runs on every replica (not only the
// leader), on leases from the shared informer cache: all Events, and the owned kinds whose
// owner index leads an Event's object up to its CR (by default Deployments, and the ReplicaSets
// and Pods carrying `app.kubernetes.io/managed-by`; callers may add Services, ConfigMaps, …).
//
// On demand (docs/design/0020): the Events were the largest per-CR share of the controller's
// memory (~8 per Memcached), and nothing but an open page reads them. The leases are held while
// any events: topic has a subscriber and linger a minute after the last one leaves, so a reload
// does not relist. A topic subscribed before the caches synced gets a fresh snapshot once they are.
// A Pod deleted before the watch started is not in the owner chain; its Events still find their
// CR through the Pod's name, which its ReplicaSet generated (`<replicaset>-<5 characters>`).
import type { EventsV1Event, KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { eventsTopic, isFamilyTopic, topicKey } from '@opstudio/shared/live/topics';
import type { Topic } from '@opstudio/shared/live/topics';
import { InformerCache, type InformerLease } from '../kube/informer-cache';
import { OwnerChain } from '../kube/owner-chain';
import { DEFAULT_OWNED_KINDS, EVENTS, REPLICASETS, type ResourceSpec } from '../kube/resource-spec';
import type { LiveBus } from '../live/bus';
import type { EventSummary, LiveEvent } from '../live/events';
import type { SnapshotRegistry } from '../live/snapshots';

export interface ObjectEventsOptions {
  /** The controller's shared informer cache; without it the watcher makes one of its own. */
  readonly cache?: InformerCache;
  /** The kinds whose objects can stand between an Event and its CR (default DEFAULT_OWNED_KINDS). */
  readonly ownedKinds?: readonly ResourceSpec[];
  /** How long the watches outlive the last subscriber (default 60 s). */
  readonly lingerMs?: number;
  /** How long a snapshot waits for the caches to sync (default 5 s; later, a fresh snapshot follows). */
  readonly syncWaitMs?: number;
}

interface Held {
  readonly owned: readonly InformerLease[];
  readonly events: InformerLease<EventsV1Event>;
}

const uidOf = (topic: Topic): string => topicKey('events', topic) ?? '';
/** A Pod named by its ReplicaSet's generateName: `<replicaset>-<5 random characters>`. */
const GENERATED_POD = /^(.+)-[a-z0-9]{5}$/;

export class ObjectEventsWatcher {
  private readonly cache: InformerCache;
  private readonly ownedKinds: readonly ResourceSpec[];
  private held: Held | undefined;
  private readonly interested = new Set<string>();
  /** Subscribed before the caches synced: a fresh snapshot is owed once they are. */
  private readonly pending = new Set<string>();
  private stopped = false;
  /** Up the controller ownerReferences; a deleted object's owner is kept an hour: the Events about a deleted pod still belong to its CR. */
  private readonly chain = new OwnerChain(() => this.held?.owned ?? []);

  constructor(
    kc: KubeConfig,
    private readonly bus: LiveBus,
    log?: (message: string) => void,
    private readonly options: ObjectEventsOptions = {},
  ) {
    this.cache = options.cache ?? new InformerCache({ kc, ...(log !== undefined ? { log } : {}) });
    this.ownedKinds = options.ownedKinds ?? DEFAULT_OWNED_KINDS;
  }

  /** Serves subscribers until `signal` aborts, then releases the leases. Watches nothing while nobody subscribes. */
  async start(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    this.stopped = true;
    this.interested.clear();
    this.pending.clear();
    this.releaseAll();
  }

  registerSnapshots(snapshots: SnapshotRegistry): void {
    snapshots.register(
      (t) => isFamilyTopic('events', t),
      (topic) => this.snapshot(uidOf(topic)),
      {
        acquire: (topic) => this.acquire(uidOf(topic)),
        release: (topic) => this.release(uidOf(topic)),
      },
    );
  }

  /** The uid at the top of the ownership chain (the CR), or the uid itself when it has no known owner. */
  rootOf(uid: string | undefined): string | undefined {
    return this.chain.rootOf(uid);
  }

  private acquire(uid: string): void {
    if (this.stopped) return;
    const held = this.ensure();
    this.interested.add(uid);
    if (!synced(held)) this.pending.add(uid);
  }

  private release(uid: string): void {
    this.interested.delete(uid);
    this.pending.delete(uid);
    if (this.interested.size === 0) this.releaseAll();
  }

  private ensure(): Held {
    if (this.held !== undefined) return this.held;
    const lingerMs = this.options.lingerMs ?? 60_000;
    const owned = this.ownedKinds.map((spec) => this.cache.acquire(spec, { lingerMs }));
    for (const lease of owned) lease.on('delete', (o) => this.chain.deletedObject(o));
    const events = this.cache.acquire<EventsV1Event>(EVENTS, { lingerMs });
    events.on('add', (e) => this.publish(e, 'upsert'));
    events.on('update', (e) => this.publish(e, 'upsert'));
    events.on('delete', (e) => this.publish(e, 'delete'));
    const held: Held = { owned, events };
    this.held = held;
    for (const lease of [...owned, events])
      lease.onState((state) => {
        if (state !== 'watching' || this.held !== held || !synced(held)) return;
        for (const uid of this.pending) this.bus.publish(this.snapshotOf(uid, held));
        this.pending.clear();
      });
    return held;
  }

  private releaseAll(): void {
    const held = this.held;
    this.held = undefined;
    for (const lease of [...(held?.owned ?? []), ...(held !== undefined ? [held.events] : [])]) lease.release();
  }

  private async snapshot(uid: string): Promise<LiveEvent[]> {
    const held = this.held;
    if (held !== undefined) {
      const wait = this.options.syncWaitMs ?? 5000;
      await Promise.all([...held.owned, held.events].map((lease) => lease.waitForSync(wait)));
    }
    return [this.snapshotOf(uid, held)];
  }

  private snapshotOf(uid: string, held: Held | undefined): LiveEvent {
    const items = (held?.events.list() ?? [])
      .filter((e) => this.rootOfEvent(e) === uid)
      .map(summarize)
      .sort((a, b) => (a.lastTime ?? '').localeCompare(b.lastTime ?? ''));
    return { topic: eventsTopic(uid), type: 'snapshot', items };
  }

  /** The CR an Event belongs to: up the owner chain, or through a gone Pod's generated name. */
  private rootOfEvent(e: EventsV1Event): string | undefined {
    const uid = e.regarding?.uid;
    if (uid !== undefined && this.chain.controllerOf(uid) !== undefined) return this.chain.rootOf(uid);
    const rsName = e.regarding?.kind === 'Pod' ? GENERATED_POD.exec(e.regarding.name ?? '')?.[1] : undefined;
    const rs = rsName !== undefined ? this.replicaSet(rsName, e.regarding?.namespace) : undefined;
    return rs?.metadata?.uid !== undefined ? this.chain.rootOf(rs.metadata.uid) : uid;
  }

  private replicaSet(name: string, namespace: string | undefined): KubernetesObject | undefined {
    const lease = this.held?.owned.find(
      (l) => l.spec.group === REPLICASETS.group && l.spec.resource === REPLICASETS.resource,
    );
    return lease?.get(name, namespace);
  }

  private publish(event: EventsV1Event, type: 'upsert' | 'delete'): void {
    const root = this.rootOfEvent(event);
    if (root === undefined || root === '' || !this.interested.has(root)) return;
    this.bus.publish({ topic: eventsTopic(root), type, item: summarize(event) });
  }
}

function synced(held: Held): boolean {
  return held.events.synced && held.owned.every((lease) => lease.synced);
}

function summarize(e: EventsV1Event): EventSummary {
  const time = (v: unknown): string | null =>
    v instanceof Date ? v.toISOString() : typeof v === 'string' && v !== '' ? v : null;
  return {
    uid: e.metadata?.uid ?? '',
    namespace: e.metadata?.namespace ?? '',
    name: e.metadata?.name ?? '',
    type: e.type ?? '',
    reason: e.reason ?? '',
    action: e.action ?? '',
    note: e.note ?? '',
    regarding: { kind: e.regarding?.kind ?? '', name: e.regarding?.name ?? '', uid: e.regarding?.uid ?? '' },
    count: e.series?.count ?? e.deprecatedCount ?? 1,
    lastTime:
      time(e.series?.lastObservedTime) ??
      time(e.eventTime) ??
      time(e.deprecatedLastTimestamp) ??
      time(e.metadata?.creationTimestamp),
    reportingController: e.reportingController ?? e.deprecatedSource?.component ?? '',
  };
}
