// What the bench watches in one side's namespace: each tracked child's spec.replicas (the
// target's child kind: Memcached's Deployments, ReplicatedStore's StatefulSets), how many objects
// the other child kinds a burst waits for hold, and each CR's generation and ready condition
// (`Available` on the studio's and the export's CRs, `Ready` on kro's), kept by a list-then-watch
// loop (relisted after any break, e.g. the API server outage), with waiters that resolve at the
// first event making them true.
// Watches, not polling lists: a 1,000-item list every 250 ms would load the 2-core machine.
import { Watch, type KubeConfig } from '@kubernetes/client-node';
import { KubeJson } from '../../apps/controller/src/kube/json-client';

export interface CrState {
  readonly generation: number;
  /** The spec field the edits patch (the target's sizeField). */
  readonly size: number | undefined;
  /** The side's ready condition (`Available`, kro's `Ready`) is True. */
  readonly available: boolean;
  /** That condition's observedGeneration: the generation the status describes. */
  readonly availableGeneration: number | undefined;
  readonly availableReason?: string;
  readonly availableMessage?: string;
  /** The CR's status fields other than conditions, as its controller last wrote them. */
  readonly status?: Readonly<Record<string, unknown>>;
}

interface Item {
  metadata: { name: string; generation?: number; resourceVersion?: string };
  spec?: { replicas?: number; [field: string]: unknown };
  status?: {
    conditions?: { type: string; status: string; observedGeneration?: number; reason?: string; message?: string }[];
    [field: string]: unknown;
  };
}

export interface TrackerOptions {
  readonly ns: string;
  /** The CRs' namespaced collection. */
  readonly crPath: string;
  /** The child kind followed by name (its spec.replicas), as a namespaced collection path; default Deployments. */
  readonly childPath?: string;
  /** Other child kinds whose objects are only counted (`applied()`), as namespaced collection paths. */
  readonly countedPaths?: readonly string[];
  /** What settles one CR; default `isSettled`. */
  readonly settles?: (cr: CrState) => boolean;
  /** The condition type that says a CR is ready: `Available` (default), `Ready` (kro). */
  readonly readyCondition?: string;
  /** The spec field read as CrState.size; default `size`. */
  readonly sizeField?: string;
}

export class NamespaceTracker {
  /** The tracked children (Deployments unless the options name another kind) by name: their spec.replicas. */
  readonly deployments = new Map<string, number | undefined>();
  /** The names in each counted collection. */
  private readonly counted = new Map<string, Map<string, true>>();
  readonly crs = new Map<string, CrState>();
  /** How many CRs are settled (`settles`, by default Available=True for their generation), kept per event: O(1) to read. */
  settled = 0;
  /** performance.now() at which each CR was first seen settled. */
  readonly settledAt = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private readonly stopped = new AbortController();
  private readonly kube: KubeJson;
  private readonly crPath: string;
  private readonly childPath: string;
  readonly settles: (cr: CrState) => boolean;
  private readonly readyCondition: string;
  private readonly sizeField: string;

  constructor(
    private readonly kc: KubeConfig,
    o: TrackerOptions,
  ) {
    this.kube = new KubeJson(kc);
    this.crPath = o.crPath;
    this.childPath = o.childPath ?? `/apis/apps/v1/namespaces/${o.ns}/deployments`;
    for (const p of o.countedPaths ?? []) if (p !== this.childPath) this.counted.set(p, new Map());
    this.settles = o.settles ?? isSettled;
    this.readyCondition = o.readyCondition ?? 'Available';
    this.sizeField = o.sizeField ?? 'size';
  }

  /** How many objects a child collection holds (the followed one or a counted one). */
  applied(path: string): number {
    return path === this.childPath ? this.deployments.size : (this.counted.get(path)?.size ?? NaN);
  }

  /** Resolves once every list is in. */
  async start(): Promise<void> {
    await Promise.all([
      this.follow(
        this.childPath,
        (name, o) => (o === undefined ? this.deployments.delete(name) : this.deployments.set(name, o.spec?.replicas)),
        this.deployments,
      ),
      ...[...this.counted].map(([path, names]) =>
        this.follow(path, (name, o) => (o === undefined ? names.delete(name) : names.set(name, true)), names),
      ),
      this.follow(
        this.crPath,
        (name, o) => this.setCr(name, o === undefined ? undefined : crState(o, this.readyCondition, this.sizeField)),
        this.crs,
      ),
    ]);
  }

  stop(): void {
    this.stopped.abort();
  }

  /** performance.now() at the first moment `done()` held (checked now and after every event). */
  until(what: string, timeoutMs: number, done: () => boolean): Promise<number> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(performance.now());
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  private setCr(name: string, next: CrState | undefined): void {
    const prev = this.crs.get(name);
    if (prev !== undefined && this.settles(prev)) this.settled--;
    if (next === undefined) {
      this.crs.delete(name);
      this.settledAt.delete(name);
    } else {
      this.crs.set(name, next);
      if (this.settles(next)) {
        this.settled++;
        if (!this.settledAt.has(name)) this.settledAt.set(name, performance.now());
      }
    }
  }

  private notify(): void {
    for (const w of [...this.waiters]) w();
  }

  private async follow(
    path: string,
    set: (name: string, o: Item | undefined) => void,
    map: Map<string, unknown>,
  ): Promise<void> {
    const list = await this.kube.request<{ metadata: { resourceVersion: string }; items: Item[] }>({
      method: 'GET',
      path,
    });
    for (const o of list.items) set(o.metadata.name, o);
    this.notify();
    void this.watchLoop(path, list.metadata.resourceVersion, set, map);
  }

  private async watchLoop(
    path: string,
    resourceVersion: string,
    set: (name: string, o: Item | undefined) => void,
    map: Map<string, unknown>,
  ): Promise<void> {
    let rv = resourceVersion;
    while (!this.stopped.signal.aborted) {
      await new Promise<void>((resolve) => {
        void new Watch(this.kc)
          .watch(
            path,
            { resourceVersion: rv, allowWatchBookmarks: true },
            (type: string, o: Item) => {
              rv = o.metadata.resourceVersion ?? rv;
              if (type === 'DELETED') set(o.metadata.name, undefined);
              else if (type !== 'BOOKMARK') set(o.metadata.name, o);
              this.notify();
            },
            () => resolve(),
          )
          .then((req) => this.stopped.signal.addEventListener('abort', () => req.abort(), { once: true }))
          .catch(() => resolve());
      });
      if (this.stopped.signal.aborted) return;
      // a break (410 Gone, the API server away): relist until it answers, then watch from there
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        if (this.stopped.signal.aborted) return;
        const list = await this.kube
          .request<{ metadata: { resourceVersion: string }; items: Item[] }>({ method: 'GET', path, timeoutMs: 5_000 })
          .catch(() => undefined);
        if (list === undefined) continue;
        const seen = new Set(list.items.map((o) => o.metadata.name));
        for (const name of [...map.keys()]) if (!seen.has(name)) set(name, undefined);
        for (const o of list.items) set(o.metadata.name, o);
        rv = list.metadata.resourceVersion;
        this.notify();
        break;
      }
    }
  }
}

function crState(o: Item, readyCondition: string, sizeField: string): CrState {
  const available = o.status?.conditions?.find((c) => c.type === readyCondition);
  const { conditions: _, ...status } = o.status ?? {};
  const size = o.spec?.[sizeField];
  return {
    status,
    generation: o.metadata.generation ?? 0,
    size: typeof size === 'number' ? size : undefined,
    available: available?.status === 'True',
    availableGeneration: available?.observedGeneration,
    ...(available?.reason !== undefined ? { availableReason: available.reason } : {}),
    ...(available?.message !== undefined ? { availableMessage: available.message } : {}),
  };
}

export function isSettled(cr: CrState): boolean {
  return cr.available && (cr.availableGeneration ?? 0) >= cr.generation;
}
