// A lease on one informer of the shared cache (./informer-cache.ts): reads from its cache and
// indexes, handlers on its events, its sync state. Handlers and state listeners registered
// through a lease are removed when it is released, so a component that goes away leaves nothing
// behind on an informer others still use.
import type { KubernetesObject } from '@kubernetes/client-node';
import type { InformerState } from './informer';
import type { ObjectIndex } from './object-index';
import type { ResourceSpec } from './resource-spec';

export type Verb = 'add' | 'update' | 'delete';
export type LeaseHandler<T> = (obj: T) => void;

/** What the cache needs of an informer (a ResilientInformer; tests pass fakes). */
export interface InformerLike<T extends KubernetesObject> {
  start(signal: AbortSignal): Promise<void>;
  on(verb: Verb, cb: (obj: T) => void): void;
  onState(cb: (state: InformerState) => void): () => void;
  list(namespace?: string): readonly T[];
  get(name: string, namespace?: string): T | undefined;
  readonly state: InformerState;
  readonly synced: boolean;
  waitForSync(timeoutMs: number): Promise<boolean>;
  readonly lastError: string | undefined;
  kick(): void;
}

/** One informer of the cache and who uses it (internal to the cache and its leases). */
export interface InformerEntry {
  readonly key: string;
  readonly spec: ResourceSpec;
  readonly informer: InformerLike<KubernetesObject>;
  readonly index: ObjectIndex<KubernetesObject>;
  readonly stop: AbortController;
  readonly handlers: Record<Verb, Set<LeaseHandler<KubernetesObject>>>;
  leases: number;
  linger: NodeJS.Timeout | undefined;
  /** The informer's first attempt (list + watch), synced or not. */
  started: Promise<void>;
  readonly log: (message: string) => void;
}

export class InformerLease<T extends KubernetesObject = KubernetesObject> {
  private readonly cleanups = new Set<() => void>();
  private releasedValue = false;

  constructor(
    private readonly entry: InformerEntry,
    private readonly onRelease: () => void,
  ) {}

  /** The cache key: collection path and label selector. */
  get key(): string {
    return this.entry.key;
  }

  get spec(): ResourceSpec {
    return this.entry.spec;
  }

  get(name: string, namespace?: string): T | undefined {
    return this.entry.informer.get(name, namespace) as T | undefined;
  }

  /** Every cached object, or those of one namespace. */
  list(namespace?: string): readonly T[] {
    return this.entry.informer.list(namespace) as readonly T[];
  }

  byUid(uid: string): T | undefined {
    return this.entry.index.byUid(uid) as T | undefined;
  }

  /** Objects whose controller ownerReference has this uid. */
  byController(uid: string): T[] {
    return this.entry.index.byController(uid) as T[];
  }

  /** Objects with any ownerReference to this uid. */
  byOwner(uid: string): T[] {
    return this.entry.index.byOwner(uid) as T[];
  }

  /** Objects of this namespace whose `app.kubernetes.io/instance` label has this value. */
  byInstance(namespace: string | undefined, value: string): T[] {
    return this.entry.index.byInstance(namespace, value) as T[];
  }

  /**
   * Calls `handler` on each event of this verb until the returned function is called or the lease
   * released. An `add` handler first gets every object already cached, as client-go does for a
   * handler added to a running informer (unless `replay: false`): a component that joins a
   * running informer sees the same adds as one that started it.
   */
  on(verb: Verb, handler: LeaseHandler<T>, opts: { replay?: boolean } = {}): () => void {
    if (this.releasedValue) return () => undefined;
    const h = handler as LeaseHandler<KubernetesObject>;
    this.entry.handlers[verb].add(h);
    const off = () => {
      this.entry.handlers[verb].delete(h);
      this.cleanups.delete(off);
    };
    this.cleanups.add(off);
    if (verb === 'add' && opts.replay !== false)
      for (const o of this.entry.informer.list()) {
        if (!this.entry.handlers.add.has(h)) break; // the handler unsubscribed itself
        handler(o as T);
      }
    return off;
  }

  /** Calls `listener` on each state change of the informer (`watching` after a (re)list, `retrying`, …). */
  onState(listener: (state: InformerState) => void): () => void {
    if (this.releasedValue) return () => undefined;
    const unsubscribe = this.entry.informer.onState(listener);
    const off = () => {
      unsubscribe();
      this.cleanups.delete(off);
    };
    this.cleanups.add(off);
    return off;
  }

  /** Resolves after the informer's first list and watch attempt (synced or not). */
  get started(): Promise<void> {
    return this.entry.started;
  }

  get synced(): boolean {
    return this.entry.informer.synced;
  }

  get state(): InformerState {
    return this.entry.informer.state;
  }

  get lastError(): string | undefined {
    return this.entry.informer.lastError;
  }

  /** Resolves true once synced, false after `timeoutMs`. */
  waitForSync(timeoutMs: number): Promise<boolean> {
    return this.entry.informer.waitForSync(timeoutMs);
  }

  /** Retry now instead of waiting out the backoff. */
  kick(): void {
    this.entry.informer.kick();
  }

  get released(): boolean {
    return this.releasedValue;
  }

  /** Removes this lease's handlers; the informer stops when no lease is left (after the linger time). Idempotent. */
  release(): void {
    if (this.releasedValue) return;
    this.releasedValue = true;
    for (const off of [...this.cleanups]) off();
    this.onRelease();
  }
}
