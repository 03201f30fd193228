// The `events:<uid>` topic: Kubernetes Events (events.k8s.io/v1) about one CR and everything it
// owns, transitively (its Deployment, the Deployment's ReplicaSets, their Pods: the scheduler's
// and the Deployment controller's Events count too). Runs on every replica (not only the
// leader), on leases from the shared informer cache: all Events, and the owned kinds whose
// owner index leads an Event's object up to its CR (by default Deployments, and the ReplicaSets
// and Pods carrying `app.kubernetes.io/managed-by`; callers may add Services, ConfigMaps, …).
import type { EventsV1Event, KubeConfig } from '@kubernetes/client-node';
import { eventsTopic, isFamilyTopic, topicKey } from '@opstudio/shared/live/topics';
import { InformerCache, type InformerLease } from '../kube/informer-cache';
import { OwnerChain } from '../kube/owner-chain';
import { DEFAULT_OWNED_KINDS, EVENTS, type ResourceSpec } from '../kube/resource-spec';
import type { LiveBus } from '../live/bus';
import type { EventSummary, LiveEvent } from '../live/events';
import type { SnapshotRegistry } from '../live/snapshots';

export interface ObjectEventsOptions {
  /** The controller's shared informer cache; without it the watcher makes one of its own. */
  readonly cache?: InformerCache;
  /** The kinds whose objects can stand between an Event and its CR (default DEFAULT_OWNED_KINDS). */
  readonly ownedKinds?: readonly ResourceSpec[];
}

export class ObjectEventsWatcher {
  private readonly cache: InformerCache;
  private readonly ownedKinds: readonly ResourceSpec[];
  private events: InformerLease<EventsV1Event> | undefined;
  private owned: InformerLease[] = [];
  /** Up the controller ownerReferences; a deleted object's owner is kept an hour: the Events about a deleted pod still belong to its CR. */
  private readonly chain = new OwnerChain(() => this.owned);

  constructor(
    kc: KubeConfig,
    private readonly bus: LiveBus,
    log?: (message: string) => void,
    options: ObjectEventsOptions = {},
  ) {
    this.cache = options.cache ?? new InformerCache({ kc, ...(log !== undefined ? { log } : {}) });
    this.ownedKinds = options.ownedKinds ?? DEFAULT_OWNED_KINDS;
  }

  /** Starts watching (resolves after the first list attempts); the leases are released when `signal` aborts. */
  async start(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    const owned = this.ownedKinds.map((spec) => this.cache.acquire(spec));
    for (const lease of owned) lease.on('delete', (o) => this.chain.deletedObject(o));
    this.owned = owned;
    signal.addEventListener(
      'abort',
      () => {
        for (const lease of [...owned, ...(this.events !== undefined ? [this.events] : [])]) lease.release();
        this.owned = [];
        this.events = undefined;
      },
      { once: true },
    );
    // owners first, so the first Events already find their root
    await Promise.all(owned.map((l) => l.started));
    if (signal.aborted) return;
    const events = this.cache.acquire<EventsV1Event>(EVENTS);
    this.events = events;
    events.on('add', (e) => this.publish(e, 'upsert'));
    events.on('update', (e) => this.publish(e, 'upsert'));
    events.on('delete', (e) => this.publish(e, 'delete'));
    await events.started;
  }

  registerSnapshots(snapshots: SnapshotRegistry): void {
    snapshots.register(
      (t) => isFamilyTopic('events', t),
      (topic) => {
        const uid = topicKey('events', topic) ?? '';
        const items = (this.events?.list() ?? [])
          .filter((e) => this.rootOf(e.regarding?.uid) === uid)
          .map(summarize)
          .sort((a, b) => (a.lastTime ?? '').localeCompare(b.lastTime ?? ''));
        return [{ topic: eventsTopic(uid), type: 'snapshot', items } satisfies LiveEvent];
      },
    );
  }

  /** The uid at the top of the ownership chain (the CR), or the uid itself when it has no known owner. */
  rootOf(uid: string | undefined): string | undefined {
    return this.chain.rootOf(uid);
  }

  private publish(event: EventsV1Event, type: 'upsert' | 'delete'): void {
    const root = this.rootOf(event.regarding?.uid);
    if (root === undefined || root === '') return;
    this.bus.publish({ topic: eventsTopic(root), type, item: summarize(event) });
  }
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
