// What a reconciler wrote that its informer cache has not shown it yet (kube-controller-manager's
// ControllerExpectations, by resourceVersion): after an apply, a status patch or a delete, the
// next reconcile of that custom resource may start before the watch event of its own write
// arrives, and would then see the world as it was before the write: it would create (and
// announce) the same Deployment again, or report a status it already replaced. So a write is
// remembered per custom resource until the cache holds that version or a newer one (a delete:
// until the cache drops the object or marks it deleting), and a reconcile whose custom resource
// has an unmet expectation does nothing: the watch event of the write enqueues it again.
// Nothing here holds objects: the cache stays the only copy the reconciler reads. An expectation
// older than the TTL is dropped (a watch event has long come by then, or the object was replaced
// by someone else): the reconcile goes ahead with what the cache holds.

/** Where the object is (or was): `apiVersion|kind|namespace|name`. */
export interface ObjectRef {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: { readonly name?: string; readonly namespace?: string };
}

/** What the cache holds for an object now. */
export interface CachedVersion {
  readonly metadata?: {
    readonly uid?: string;
    readonly resourceVersion?: string;
    readonly deletionTimestamp?: unknown;
  };
}

type Expected =
  | { readonly ref: ObjectRef; readonly rv: number; readonly at: number }
  | { readonly ref: ObjectRef; readonly uid: string | undefined; readonly at: number };

export const refKey = (o: ObjectRef): string =>
  `${o.apiVersion ?? ''}|${o.kind ?? ''}|${o.metadata?.namespace ?? ''}|${o.metadata?.name ?? ''}`;

export class Expectations {
  /** custom resource key → object key → what its cache must show */
  private readonly pending = new Map<string, Map<string, Expected>>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** We wrote `ref` and the server stored it at `resourceVersion`: wait until the cache holds that or newer. */
  expectWrite(owner: string, ref: ObjectRef, resourceVersion: string | undefined): void {
    const rv = Number(resourceVersion);
    // a version we cannot compare is never waited for
    if (resourceVersion === undefined || !Number.isFinite(rv)) return;
    this.of(owner).set(refKey(ref), { ref: slim(ref), rv, at: this.clock() });
  }

  /** We deleted `ref` (this uid): wait until the cache drops it, holds another uid, or marks it deleting. */
  expectDelete(owner: string, ref: ObjectRef & { readonly metadata?: { readonly uid?: string } }): void {
    this.of(owner).set(refKey(ref), { ref: slim(ref), uid: ref.metadata?.uid, at: this.clock() });
  }

  /**
   * Whether the cache shows every write made for `owner` (`look` reads the cache); met and expired
   * expectations are dropped. Returns the keys still awaited (empty: satisfied).
   */
  unmet(owner: string, look: (ref: ObjectRef) => CachedVersion | undefined): string[] {
    const mine = this.pending.get(owner);
    if (mine === undefined) return [];
    const now = this.clock();
    for (const [key, e] of mine) if (now - e.at > this.ttlMs || met(e, look(e.ref))) mine.delete(key);
    if (mine.size === 0) this.pending.delete(owner);
    return [...mine.keys()];
  }

  /** The custom resource is gone: nothing of it is awaited any more. */
  forget(owner: string): void {
    this.pending.delete(owner);
  }

  /** How many custom resources wait for their cache (for tests and metrics). */
  get size(): number {
    return this.pending.size;
  }

  private of(owner: string): Map<string, Expected> {
    let mine = this.pending.get(owner);
    if (mine === undefined) this.pending.set(owner, (mine = new Map<string, Expected>()));
    return mine;
  }
}

/** Where the object is, nothing of its content (the stored object would be a second cache). */
function slim(ref: ObjectRef): ObjectRef {
  const { apiVersion, kind, metadata } = ref;
  const namespace = metadata?.namespace;
  return {
    apiVersion,
    kind,
    metadata: { name: metadata?.name ?? '', ...(namespace !== undefined ? { namespace } : {}) },
  };
}

function met(e: Expected, cached: CachedVersion | undefined): boolean {
  if ('rv' in e) return cached !== undefined && !(Number(cached.metadata?.resourceVersion) < e.rv);
  if (cached === undefined) return true;
  const deleting = cached.metadata?.deletionTimestamp;
  return cached.metadata?.uid !== e.uid || (deleting !== undefined && deleting !== null);
}
