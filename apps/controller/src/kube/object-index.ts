// The indexes of one informer's cache beside namespace/name (which the informer keeps itself):
// by uid, and the owner index, controller-runtime's `.metadata.ownerReferences` field index:
// objects by the uid of their controller ownerReference, and by the uid of any ownerReference.
// Pure: the cache feeds it every add/update/delete before its handlers run.
import type { KubernetesObject } from '@kubernetes/client-node';

interface Entry<T> {
  readonly object: T;
  readonly controller: string | undefined;
  readonly owners: readonly string[];
}

export class ObjectIndex<T extends KubernetesObject> {
  private readonly byUidMap = new Map<string, Entry<T>>();
  private readonly controlled = new Map<string, Set<string>>();
  private readonly owned = new Map<string, Set<string>>();
  /** namespace/name → uid: an object deleted and re-created under its name while no watch was open comes back as an update. */
  private readonly names = new Map<string, string>();

  /** Adds or replaces the object (an update may change its ownerReferences, a re-creation its uid). */
  upsert(object: T): void {
    const uid = object.metadata?.uid;
    if (uid === undefined || uid === '') return;
    this.remove(object);
    this.names.set(nameOf(object), uid);
    const refs = object.metadata?.ownerReferences ?? [];
    const entry: Entry<T> = {
      object,
      controller: refs.find((r) => r.controller === true)?.uid,
      owners: [...new Set(refs.map((r) => r.uid))],
    };
    this.byUidMap.set(uid, entry);
    if (entry.controller !== undefined) add(this.controlled, entry.controller, uid);
    for (const owner of entry.owners) add(this.owned, owner, uid);
  }

  /** Removes the object, and whatever the index held under its namespace/name (as the informer's own map does). */
  remove(object: T): void {
    const uid = object.metadata?.uid;
    if (uid !== undefined) this.removeUid(uid);
    const atName = this.names.get(nameOf(object));
    if (atName !== undefined) this.removeUid(atName);
  }

  private removeUid(uid: string): void {
    const entry = this.byUidMap.get(uid);
    if (entry === undefined) return;
    this.byUidMap.delete(uid);
    const name = nameOf(entry.object);
    if (this.names.get(name) === uid) this.names.delete(name);
    if (entry.controller !== undefined) drop(this.controlled, entry.controller, uid);
    for (const owner of entry.owners) drop(this.owned, owner, uid);
  }

  byUid(uid: string): T | undefined {
    return this.byUidMap.get(uid)?.object;
  }

  /** Objects whose controller ownerReference has this uid (what `Owns()` maps back to its owner). */
  byController(uid: string): T[] {
    return this.resolve(this.controlled.get(uid));
  }

  /** Objects with any ownerReference to this uid. */
  byOwner(uid: string): T[] {
    return this.resolve(this.owned.get(uid));
  }

  get size(): number {
    return this.byUidMap.size;
  }

  private resolve(uids: Set<string> | undefined): T[] {
    if (uids === undefined) return [];
    const out: T[] = [];
    for (const uid of uids) {
      const entry = this.byUidMap.get(uid);
      if (entry !== undefined) out.push(entry.object);
    }
    return out;
  }
}

function nameOf(o: KubernetesObject): string {
  return `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
}

function add(map: Map<string, Set<string>>, key: string, uid: string): void {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  set.add(uid);
}

function drop(map: Map<string, Set<string>>, key: string, uid: string): void {
  const set = map.get(key);
  if (set === undefined) return;
  set.delete(uid);
  if (set.size === 0) map.delete(key);
}
