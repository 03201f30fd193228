// The `resources:<group>/<version>/<plural>[/<namespace>]` topics: a lease per kind (all
// namespaces) on the shared informer cache, so a kind an operator already watches is not watched
// twice, taken when a topic of that kind gets its first subscriber and released `lingerMs` after
// the last one left (a page reload must not restart the watch). Each change becomes an
// upsert/delete of a table row on the interested topics only.
// Continuity: while a topic had no subscriber, nothing was published on it; when it gets one
// again, a fresh snapshot is published on the bus (once synced), so a client resuming from an
// older event id gets the current list instead of a gap.
// The same lease serves a CR's page: its `object:` topic (./object-topic.ts) sends the object whole
// on subscribe and after every change, and resources.get reads from it (`object`).
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { Gauge, register } from 'prom-client';
import { SNAPSHOT_PAGES, snapshotPages } from '@opstudio/shared/live/snapshot-pages';
import { resourceRow } from '@opstudio/shared/resources/index';
import { InformerCache, type InformerLease } from '../kube/informer-cache';
import { KubeJson } from '../kube/json-client';
import type { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import type { SnapshotRegistry } from '../live/snapshots';
import { objectTopic, parseObjectTopic, parseResourcesTopic, resourcesTopic } from '@opstudio/shared/live/topics';
import type { FamilyTopic, Topic } from '@opstudio/shared/live/topics';
import { firstPage } from './first-page';
import { KindRows } from './kind-rows';
import { kindOfTopic, objectEvent } from './object-topic';
import type { KindsWatcher } from './kinds';
import type { ResourceRow } from './types';

export interface KindWatchesOptions {
  readonly lingerMs?: number;
  /** How long a first snapshot waits for the kind's list (a kind that exists). */
  readonly syncWaitMs?: number;
  /** The controller's shared informer cache; without it one of its own. */
  readonly cache?: InformerCache;
  readonly log?: (message: string) => void;
}

interface Watch {
  readonly key: string;
  readonly group: string;
  readonly version: string;
  readonly plural: string;
  readonly lease: InformerLease;
  /** The subscribed topics of this kind: its tables (`resources:`) and its objects' pages (`object:`). */
  readonly topics: Set<Topic>;
  /** Topics that need a snapshot on the bus once the informer has synced. */
  readonly pending: Set<Topic>;
  /** The rows, kept from the informer's events (relist noise skipped), sorted once per change. */
  readonly rows: KindRows;
  /** resources.list calls reading the rows right now (they keep the informer as a topic does). */
  readers: number;
  linger: NodeJS.Timeout | undefined;
  columnsKey: string;
}

/** Every live KindWatches (several servers can run in one test process), for the gauge below. */
const instances = new Set<KindWatches>();
if (register.getSingleMetric('opstudio_resource_watches') === undefined) {
  new Gauge({
    name: 'opstudio_resource_watches',
    help: 'Kinds whose custom resources are being watched for live tables (leases on the shared informer cache, taken on demand)',
    labelNames: ['cluster'],
    collect() {
      this.reset();
      for (const w of instances) this.inc({ cluster: w.cluster }, w.running.length);
    },
  });
}

export class KindWatches {
  private readonly watches = new Map<string, Watch>();
  /** Topics that had subscribers before in this process (see Continuity above). */
  private readonly servedBefore = new Set<Topic>();
  private readonly cache: InformerCache;
  private readonly http: KubeJson;

  constructor(
    kc: KubeConfig,
    private readonly bus: LiveBus,
    private readonly kinds: KindsWatcher,
    private readonly opts: KindWatchesOptions = {},
  ) {
    this.cache = opts.cache ?? new InformerCache({ kc, ...(opts.log !== undefined ? { log: opts.log } : {}) });
    this.http = new KubeJson(kc);
    instances.add(this);
    kinds.onChange((kind) => {
      for (const w of this.watches.values()) {
        if (w.group !== kind.group || w.plural !== kind.plural) continue;
        // a kind installed after its page opened: list now instead of after the backoff
        w.lease.kick();
        // printer columns changed (the CRD was updated): every row changes, resend the lists
        const key = JSON.stringify(this.columns(w));
        if (key === w.columnsKey) continue;
        w.columnsKey = key;
        w.rows.reset(w.lease.list().map((o) => resourceRow(o, this.columns(w))));
        for (const topic of w.topics) this.publishSnapshot(w, topic);
      }
    });
  }

  registerSnapshots(snapshots: SnapshotRegistry): void {
    snapshots.register(
      (t) => kindOfTopic(t) !== undefined,
      (topic) => this.snapshot(topic),
      {
        acquire: (topic) => this.acquire(topic),
        release: (topic) => this.release(topic),
      },
    );
  }

  /** Kinds with a running informer (the gauge above). */
  /** The context it watches (its cache's): the gauge's `cluster` label. */
  get cluster(): string {
    return this.cache.cluster;
  }

  get running(): string[] {
    return [...this.watches.keys()].sort();
  }

  /** Stops every informer (shutdown). */
  stopAll(): void {
    for (const w of this.watches.values()) this.stopWatch(w);
    instances.delete(this);
  }

  private acquire(topic: Topic): void {
    const t = kindOfTopic(topic);
    if (t === undefined) return;
    const w = this.ensure(t.group, t.version, t.plural);
    clearTimeout(w.linger);
    w.linger = undefined;
    w.topics.add(topic);
    if (this.servedBefore.has(topic)) {
      if (w.lease.synced && w.lease.state === 'watching') this.publishSnapshot(w, topic);
      else w.pending.add(topic);
    }
    this.servedBefore.add(topic);
  }

  private release(topic: Topic): void {
    const t = kindOfTopic(topic);
    const w = t === undefined ? undefined : this.watches.get(keyOf(t.group, t.version, t.plural));
    if (w === undefined) return;
    w.topics.delete(topic);
    w.pending.delete(topic);
    this.lingerIfUnused(w);
  }

  /**
   * resources.list from the cache: the kind's rows once its informer has synced (started here if
   * no topic runs it, then kept for the linger time), after the cache has caught up with `fresh`
   * (a write the studio made: its resourceVersion, or the uid of an object it deleted). Undefined
   * when the cache cannot answer in time: the caller asks the API server instead.
   */
  async rows(
    ref: { group: string; version: string; plural: string; namespace?: string | undefined },
    fresh: { resourceVersion?: string; goneUid?: string } = {},
    waitMs = this.opts.syncWaitMs ?? 5000,
  ): Promise<{ items: readonly ResourceRow[]; resourceVersion: string } | undefined> {
    return this.caughtUpRead(ref, fresh, waitMs, (w) => ({
      items: w.rows.list(ref.namespace),
      resourceVersion: w.rows.resourceVersion,
    }));
  }

  /**
   * resources.get from the cache: the object once the kind's informer has synced (started here if
   * nothing runs it, then kept for the linger time, as `rows` does) and caught up with `fresh`.
   * Undefined when the cache cannot answer in time or does not hold the object: the caller asks
   * the API server, which also words a missing object as it always has.
   */
  async object(
    ref: { group: string; version: string; plural: string; namespace?: string | undefined; name: string },
    fresh: { resourceVersion?: string; goneUid?: string } = {},
    waitMs = this.opts.syncWaitMs ?? 5000,
  ): Promise<KubernetesObject | undefined> {
    return this.caughtUpRead(ref, fresh, waitMs, (w) => w.lease.get(ref.name, ref.namespace));
  }

  /**
   * `read` of the kind's cache once its informer has synced (started here if nothing runs it, then
   * kept for the linger time) and caught up with `fresh`; undefined when it cannot in time.
   */
  private async caughtUpRead<T>(
    ref: { group: string; version: string; plural: string },
    fresh: { resourceVersion?: string; goneUid?: string },
    waitMs: number,
    read: (w: Watch) => T,
  ): Promise<T | undefined> {
    const w = this.ensure(ref.group, ref.version, ref.plural);
    clearTimeout(w.linger);
    w.linger = undefined;
    w.readers++;
    try {
      if (!w.lease.synced && !(await w.lease.waitForSync(waitMs))) return undefined;
      if (!(await w.rows.until(() => caughtUp(w.rows, fresh), 2000))) return undefined;
      return read(w);
    } finally {
      w.readers--;
      this.lingerIfUnused(w);
    }
  }

  private lingerIfUnused(w: Watch): void {
    if (w.topics.size > 0 || w.readers > 0) return;
    clearTimeout(w.linger);
    w.linger = setTimeout(() => this.stopWatch(w), this.opts.lingerMs ?? 60_000);
    w.linger.unref();
  }

  private async snapshot(topic: Topic): Promise<LiveEvent[]> {
    if (parseObjectTopic(topic) !== undefined) return this.objectSnapshot(topic);
    const t = parseResourcesTopic(topic);
    if (t === undefined) return [];
    const w = this.watches.get(keyOf(t.group, t.version, t.plural));
    // only a kind the cluster serves can sync; an unknown one answers empty at once
    const served = this.kinds.find(t.group, t.version, t.plural);
    if (w !== undefined && !w.lease.synced && served !== undefined) {
      // cold: a screenful from the API server now, the whole list on the bus once synced (first-page.ts)
      const first = await firstPage(this.http, t, served.kind, served.columns, SNAPSHOT_PAGES.first, 2000);
      if (first !== undefined && !w.lease.synced && first.rows.length === SNAPSHOT_PAGES.first) {
        w.pending.add(topic);
        const more = first.total === undefined ? {} : { total: first.total };
        return [{ topic: topic as FamilyTopic<'resources'>, type: 'snapshot', items: first.rows, more }];
      }
      await w.lease.waitForSync(this.opts.syncWaitMs ?? 5000);
    }
    return w === undefined
      ? [{ topic: topic as FamilyTopic<'resources'>, type: 'snapshot', items: [] }]
      : this.snapshotOf(w, topic);
  }

  /** An object topic's snapshot once its kind has synced; until then nothing, and it goes on the bus when it has. */
  private async objectSnapshot(topic: Topic): Promise<LiveEvent[]> {
    const t = parseObjectTopic(topic);
    const w = t === undefined ? undefined : this.watches.get(keyOf(t.group, t.version, t.plural));
    if (w === undefined) return [];
    if (!w.lease.synced && !(await w.lease.waitForSync(this.opts.syncWaitMs ?? 5000))) {
      w.pending.add(topic);
      return [];
    }
    return this.snapshotOf(w, topic);
  }

  /** The topic's rows as a snapshot in pages, the first one a screenful (shared/live/snapshot-pages.ts); an object topic's object. */
  private snapshotOf(w: Watch, topic: Topic): LiveEvent[] {
    const t = parseObjectTopic(topic);
    if (t !== undefined) return [objectEvent(topic as FamilyTopic<'object'>, w.lease.get(t.name, t.namespace))];
    const items = w.rows.list(parseResourcesTopic(topic)?.namespace);
    return snapshotPages(items).map((page) => ({ ...page, topic: topic as FamilyTopic<'resources'> }));
  }

  private publishSnapshot(w: Watch, topic: Topic): void {
    for (const event of this.snapshotOf(w, topic)) this.bus.publish(event);
  }

  private columns(w: Watch) {
    return this.kinds.columns(w.group, w.version, w.plural) ?? [];
  }

  private ensure(group: string, version: string, plural: string): Watch {
    const key = keyOf(group, version, plural);
    const existing = this.watches.get(key);
    if (existing !== undefined) return existing;
    const lease = this.cache.acquire({ group, version, resource: plural });
    const w: Watch = {
      key,
      group,
      version,
      plural,
      lease,
      topics: new Set(),
      pending: new Set(),
      rows: new KindRows(),
      readers: 0,
      linger: undefined,
      columnsKey: '',
    };
    w.columnsKey = JSON.stringify(this.columns(w));
    const upsert = (o: KubernetesObject) => this.publishRow(w, o, 'upsert');
    // joining an informer that already runs (an operator's) replays its objects as adds: rows, no publication yet
    lease.on('add', upsert);
    lease.on('update', upsert);
    lease.on('delete', (o) => this.publishRow(w, o, 'delete'));
    lease.onState((state) => {
      if (state !== 'watching') return;
      for (const topic of w.pending) this.publishSnapshot(w, topic);
      w.pending.clear();
    });
    this.watches.set(key, w);
    return w;
  }

  private publishRow(w: Watch, obj: KubernetesObject, type: 'upsert' | 'delete'): void {
    const row = resourceRow(obj, this.columns(w));
    if (!(type === 'upsert' ? w.rows.upsert(row) : w.rows.delete(row))) return;
    // the first list fills the cache; subscribers get it as their snapshot, not as N upserts
    if (!w.lease.synced) return;
    for (const topic of [
      resourcesTopic(w),
      ...(row.namespace === null ? [] : [resourcesTopic({ ...w, namespace: row.namespace })]),
    ]) {
      if (w.topics.has(topic)) this.bus.publish({ topic, type, item: row });
    }
    const page = objectTopic({ ...w, namespace: row.namespace ?? undefined, name: row.name });
    if (w.topics.has(page)) this.bus.publish(objectEvent(page, type === 'delete' ? undefined : obj));
  }

  private stopWatch(w: Watch): void {
    clearTimeout(w.linger);
    w.lease.release();
    if (this.watches.get(w.key) === w) this.watches.delete(w.key);
  }
}

/** The rows have caught up with a write the studio made (its resourceVersion, or the uid of an object it deleted). */
function caughtUp(rows: KindRows, fresh: { resourceVersion?: string; goneUid?: string }): boolean {
  const { resourceVersion, goneUid } = fresh;
  return (resourceVersion === undefined || rows.seen(resourceVersion)) && (goneUid === undefined || !rows.has(goneUid));
}

const keyOf = (group: string, version: string, plural: string) => `${group}/${version}/${plural}`;
