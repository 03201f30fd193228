// One informer cache for the whole controller, as controller-runtime's cache: every component
// that needs to read or watch a kind acquires a lease on the informer for its spec (collection
// path + label selector) instead of running its own. Same spec, same informer, one watch on the
// API server. Reference-counted: the informer starts with the first lease and stops when the
// last one is released (after that lease's `lingerMs`, so a page reload does not restart it).
// Each informer keeps, beside namespace/name, an index by uid and an owner index (./object-index).
// Every watch is cluster-wide (all namespaces), like controller-runtime's default cache. Objects
// are kept in their cached form (./cached-form.ts: no managedFields; Events reduced to their summary).
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { Gauge, register } from 'prom-client';
import type { InformerState } from './informer';
import { ResilientInformer } from './informer';
import { InformerLease, type InformerEntry, type InformerLike } from './informer-lease';
import { KubeJson } from './json-client';
import { ObjectIndex } from './object-index';
import { cachedForm } from './cached-form';
import { listAll } from './raw-list';
import { collectionPath, specKey, type ResourceSpec } from './resource-spec';

export { InformerLease, type InformerLike, type LeaseHandler, type Verb } from './informer-lease';

export interface InformerCacheOptions {
  /** Required unless `createInformer` is given. */
  readonly kc?: KubeConfig;
  /** The informers' watchdog: restart a watch silent for this long (default 150 s). */
  readonly silenceMs?: number;
  readonly watchTimeoutSeconds?: number;
  readonly listTimeoutMs?: number;
  readonly log?: (message: string) => void;
  /** The kubeconfig context it watches: the `cluster` label of its gauges (this one's and KindWatches'). */
  readonly cluster?: string;
  /** Builds the informer for a spec (tests pass fakes); default a ResilientInformer listing with a raw GET. */
  readonly createInformer?: (spec: ResourceSpec, path: string) => InformerLike<KubernetesObject>;
}

export interface AcquireOptions {
  /** When this is the last lease released: keep the informer running this long (default 0: stop at once). */
  readonly lingerMs?: number;
}

export interface InformerStats {
  readonly key: string;
  readonly leases: number;
  readonly state: InformerState;
  readonly synced: boolean;
  readonly objects: number;
  /** No lease left; stops when its linger time is over. */
  readonly lingering: boolean;
}

/** Every cache running informers (several services can run in one test process), for the gauge below. */
const caches = new Set<InformerCache>();
if (register.getSingleMetric('opstudio_informer_leases') === undefined) {
  new Gauge({
    name: 'opstudio_informer_leases',
    help: 'Leases held on each informer of the shared cache (0: lingering before it stops); one informer, one watch',
    labelNames: ['cluster', 'informer'],
    collect() {
      this.reset();
      for (const cache of caches)
        for (const s of cache.stats()) this.inc({ cluster: cache.cluster, informer: s.key }, s.leases);
    },
  });
}

export class InformerCache {
  /** The context it watches ('' when not named). */
  readonly cluster: string;
  private readonly entries = new Map<string, InformerEntry>();
  private readonly http: KubeJson | undefined;
  private stopped = false;

  constructor(private readonly opts: InformerCacheOptions) {
    if (opts.kc === undefined && opts.createInformer === undefined)
      throw new Error('InformerCache needs a KubeConfig (or createInformer)');
    this.http = opts.kc === undefined ? undefined : new KubeJson(opts.kc);
    this.cluster = opts.cluster ?? '';
  }

  /** A lease on the informer for `spec`, started if it is not running. Release it when done. */
  acquire<T extends KubernetesObject = KubernetesObject>(
    spec: ResourceSpec,
    options: AcquireOptions = {},
  ): InformerLease<T> {
    const key = specKey(spec);
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = this.create(key, spec);
      // after stop() (shutdown races): a lease on an informer that never starts, reading empty
      if (!this.stopped) {
        this.entries.set(key, entry);
        caches.add(this);
        entry.started = entry.informer.start(entry.stop.signal);
      }
    }
    clearTimeout(entry.linger);
    entry.linger = undefined;
    entry.leases++;
    return new InformerLease<T>(entry, () => this.released(entry, options.lingerMs ?? 0));
  }

  /**
   * The cached objects of `spec` when an informer for it already runs and has synced (another
   * lease holds it: an operator's, a live table's); undefined otherwise. Starts nothing.
   */
  peek(spec: ResourceSpec): readonly KubernetesObject[] | undefined {
    const entry = this.entries.get(specKey(spec));
    return entry === undefined || !entry.informer.synced ? undefined : entry.informer.list();
  }

  /** Every informer with its lease count and state, sorted by key (tests, /metrics). */
  stats(): InformerStats[] {
    return [...this.entries.values()]
      .map((e) => ({
        key: e.key,
        leases: e.leases,
        state: e.informer.state,
        synced: e.informer.synced,
        objects: e.index.size,
        lingering: e.leases === 0,
      }))
      .sort((a, b) => a.key.localeCompare(b.key));
  }

  /** Retry every informer waiting out a backoff now (the API server is reachable again). */
  kickAll(): void {
    for (const e of this.entries.values()) e.informer.kick();
  }

  /** Stops every informer at once, leases or not (shutdown). */
  stop(): void {
    this.stopped = true;
    for (const e of this.entries.values()) this.stopEntry(e);
    caches.delete(this);
  }

  private released(entry: InformerEntry, lingerMs: number): void {
    entry.leases--;
    if (entry.leases > 0 || this.entries.get(entry.key) !== entry) return;
    clearTimeout(entry.linger);
    if (lingerMs <= 0) {
      this.stopEntry(entry);
      return;
    }
    entry.linger = setTimeout(() => {
      if (entry.leases === 0) this.stopEntry(entry);
    }, lingerMs);
    entry.linger.unref();
  }

  private stopEntry(entry: InformerEntry): void {
    clearTimeout(entry.linger);
    entry.linger = undefined;
    entry.stop.abort();
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
    if (this.entries.size === 0) caches.delete(this);
  }

  private create(key: string, spec: ResourceSpec): InformerEntry {
    const path = collectionPath(spec);
    const informer = this.opts.createInformer?.(spec, path) ?? this.resilient(spec, path);
    const entry: InformerEntry = {
      key,
      spec,
      informer,
      index: new ObjectIndex(),
      stop: new AbortController(),
      handlers: { add: new Set(), update: new Set(), delete: new Set() },
      leases: 0,
      linger: undefined,
      started: Promise.resolve(),
      log: this.opts.log ?? (() => undefined),
    };
    // One dispatcher per verb: the index first, so handlers see it up to date, then the leases' handlers.
    for (const verb of ['add', 'update', 'delete'] as const)
      informer.on(verb, (o) => {
        if (verb === 'delete') entry.index.remove(o);
        else entry.index.upsert(o);
        for (const handler of [...entry.handlers[verb]]) {
          try {
            handler(o);
          } catch (err) {
            entry.log(`informer ${key}: a ${verb} handler failed: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
      });
    return entry;
  }

  private resilient(spec: ResourceSpec, path: string): ResilientInformer<KubernetesObject> {
    const { kc, silenceMs, watchTimeoutSeconds, listTimeoutMs, log } = this.opts;
    const http = this.http;
    if (kc === undefined || http === undefined) throw new Error('InformerCache needs a KubeConfig');
    const labelSelector = spec.labelSelector === '' ? undefined : spec.labelSelector;
    const form = cachedForm(spec);
    return new ResilientInformer<KubernetesObject>({
      kc,
      path,
      ...(labelSelector !== undefined ? { labelSelector } : {}),
      list: () => listAll(http, path, labelSelector, listTimeoutMs ?? 60_000, form),
      transform: form,
      ...(silenceMs !== undefined ? { silenceMs } : {}),
      ...(watchTimeoutSeconds !== undefined ? { watchTimeoutSeconds } : {}),
      ...(listTimeoutMs !== undefined ? { listTimeoutMs } : {}),
      ...(log !== undefined ? { log } : {}),
    });
  }
}
