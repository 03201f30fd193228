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
// by someone else): the reconcile goes ahead with what the cache holds. Expectations belong to one
// custom resource by uid: one deleted and made again under its name waits for none of them.
//
// The watch event of our own status write is an echo: the custom resource as the reconcile read
// it, plus the status that reconcile computed. Run again on it, the reconcile would plan the same
// children from the same inputs and find its status already written (measured: a fifth of the
// Web app's runs, docs/design/0058), so that one event wakes nothing — when, and only when, its
// resourceVersion is the one our write got back, its metadata (generation included: for a custom
// resource every change but status and metadata bumps it) is what the reconcile read, and no
// reconcile returned early waiting for it (`defer`): that one needs the event to run again.
// Children's echoes still wake the custom resource: readiness is judged on what the cache held
// before the write, and the written child may read differently.

/** The custom resource the writes were made for: its queue key and its uid. */
export interface Owner {
  readonly key: string;
  readonly uid: string;
}

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
  | { readonly ref: ObjectRef; readonly rv: number; readonly at: number; readonly echo?: string }
  | { readonly ref: ObjectRef; readonly uid: string | undefined; readonly at: number };

export const refKey = (o: ObjectRef): string =>
  `${o.apiVersion ?? ''}|${o.kind ?? ''}|${o.metadata?.namespace ?? ''}|${o.metadata?.name ?? ''}`;

export class Expectations {
  /** custom resource key → its uid, object key → what its cache must show, and whether a run waits for that */
  private readonly pending = new Map<string, { uid: string; objects: Map<string, Expected>; deferred: boolean }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** We wrote `ref` and the server stored it at `resourceVersion`: wait until the cache holds that or newer. */
  expectWrite(owner: Owner, ref: ObjectRef, resourceVersion: string | undefined): void {
    const rv = Number(resourceVersion);
    // a version we cannot compare is never waited for
    if (resourceVersion === undefined || !Number.isFinite(rv)) return;
    this.of(owner).set(refKey(ref), { ref: slim(ref), rv, at: this.clock() });
  }

  /** We wrote the status of custom resource `cr` (as the reconcile read it) and got `resourceVersion` back. */
  expectStatus(owner: Owner, cr: ObjectRef & MetadataOf, resourceVersion: string | undefined): void {
    const rv = Number(resourceVersion);
    if (resourceVersion === undefined || !Number.isFinite(rv)) return;
    this.of(owner).set(refKey(cr), { ref: slim(cr), rv, at: this.clock(), echo: metadataPrint(cr.metadata) });
  }

  /** A reconcile of `owner` returned early on unmet expectations: the event that meets them must wake it. */
  defer(owner: Owner): void {
    const entry = this.pending.get(owner.key);
    if (entry !== undefined && entry.uid === owner.uid) entry.deferred = true;
  }

  /**
   * Whether this watch event of custom resource `cr` (under queue key `key`) is the echo of our own
   * status write (see the top of this file); if so its expectation is met and dropped.
   */
  ownStatusEcho(key: string, cr: ObjectRef & MetadataOf): boolean {
    const entry = this.pending.get(key);
    if (entry === undefined || entry.deferred || entry.uid !== cr.metadata?.uid) return false;
    const ref = refKey(cr);
    const e = entry.objects.get(ref);
    if (e === undefined || !('rv' in e) || e.echo === undefined) return false;
    if (Number(cr.metadata?.resourceVersion) !== e.rv || metadataPrint(cr.metadata) !== e.echo) return false;
    entry.objects.delete(ref);
    if (entry.objects.size === 0) this.pending.delete(key);
    return true;
  }

  /** We deleted `ref` (this uid): wait until the cache drops it, holds another uid, or marks it deleting. */
  expectDelete(owner: Owner, ref: ObjectRef & { readonly metadata?: { readonly uid?: string } }): void {
    this.of(owner).set(refKey(ref), { ref: slim(ref), uid: ref.metadata?.uid, at: this.clock() });
  }

  /**
   * Whether the cache shows every write made for `owner` (`look` reads the cache); met and expired
   * expectations are dropped. Returns the keys still awaited (empty: satisfied).
   */
  unmet(owner: Owner, look: (ref: ObjectRef) => CachedVersion | undefined): string[] {
    const entry = this.pending.get(owner.key);
    if (entry === undefined) return [];
    if (entry.uid !== owner.uid) {
      this.pending.delete(owner.key); // another custom resource of that name: what its predecessor wrote is not awaited
      return [];
    }
    const mine = entry.objects;
    const now = this.clock();
    for (const [key, e] of mine) if (now - e.at > this.ttlMs || met(e, look(e.ref))) mine.delete(key);
    if (mine.size === 0) this.pending.delete(owner.key);
    return [...mine.keys()];
  }

  /** The custom resource is gone: nothing of it is awaited any more. */
  forget(key: string): void {
    this.pending.delete(key);
  }

  /** How many custom resources wait for their cache (for tests and metrics). */
  get size(): number {
    return this.pending.size;
  }

  private of(owner: Owner): Map<string, Expected> {
    let entry = this.pending.get(owner.key);
    if (entry === undefined || entry.uid !== owner.uid)
      this.pending.set(owner.key, (entry = { uid: owner.uid, objects: new Map<string, Expected>(), deferred: false }));
    return entry.objects;
  }
}

/** The metadata a custom resource's watch event carries. */
export interface MetadataOf {
  readonly metadata?: { readonly uid?: string; readonly resourceVersion?: string; readonly managedFields?: unknown };
}

/** The metadata but what every write changes (its resourceVersion, managedFields), as text. */
function metadataPrint(metadata: MetadataOf['metadata']): string {
  const { resourceVersion: _rv, managedFields: _mf, ...rest } = metadata ?? {};
  return JSON.stringify(rest);
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
