// The indexes of one informer's cache beside namespace/name (which the informer keeps itself):
// by uid; the owner index, controller-runtime's `.metadata.ownerReferences` field index: objects
// by the uid of their controller ownerReference (or, without one, of the studio's owner label:
// a child Kubernetes allows no owner reference, docs/design/0039), and by the uid of any ownerReference; and by
// namespace and `app.kubernetes.io/instance` label, which every operand object carries (an
// operator finds its pods there instead of filtering every pod of the namespace per reconcile).
// Pure: the cache feeds it every add/update/delete before its handlers run.
// Compact, because it holds an entry per cached object: most objects have one owner and it is
// their controller, so `owned` holds only the other owners, and a key with one object holds its
// uid itself rather than a Set (docs/design/0020).
import type { KubernetesObject } from '@kubernetes/client-node';
import { OWNER_UID_LABEL } from '@opstudio/shared/graph/ownership';

/** The label the instance index reads (kubebuilder's and the studio's operands set it to the CR's name). */
export const INSTANCE_LABEL = 'app.kubernetes.io/instance';

interface Entry<T> {
  readonly object: T;
  readonly controller: string | undefined;
  /** Owners other than the controller (usually none: the shared empty array). */
  readonly others: readonly string[];
  /** `namespace/instance` when the object carries the instance label. */
  readonly instance: string | undefined;
}

const NONE: readonly string[] = [];

/** A multimap whose keys mostly have one value: that value, else a Set. */
class UidMultiMap {
  private readonly map = new Map<string, string | Set<string>>();

  add(key: string, uid: string): void {
    const at = this.map.get(key);
    if (at === undefined) this.map.set(key, uid);
    else if (typeof at === 'string') {
      if (at !== uid) this.map.set(key, new Set([at, uid]));
    } else at.add(uid);
  }

  delete(key: string, uid: string): void {
    const at = this.map.get(key);
    if (at === undefined) return;
    if (typeof at === 'string') {
      if (at === uid) this.map.delete(key);
      return;
    }
    at.delete(uid);
    if (at.size === 1) this.map.set(key, at.values().next().value as string);
  }

  get(key: string): Iterable<string> {
    const at = this.map.get(key);
    return at === undefined ? NONE : typeof at === 'string' ? [at] : at;
  }
}

export class ObjectIndex<T extends KubernetesObject> {
  private readonly byUidMap = new Map<string, Entry<T>>();
  private readonly controlled = new UidMultiMap();
  private readonly owned = new UidMultiMap();
  private readonly instances = new UidMultiMap();
  /** namespace/name → uid: an object deleted and re-created under its name while no watch was open comes back as an update. */
  private readonly names = new Map<string, string>();

  /** Adds or replaces the object (an update may change its ownerReferences, a re-creation its uid). */
  upsert(object: T): void {
    const uid = object.metadata?.uid;
    if (uid === undefined || uid === '') return;
    this.remove(object);
    this.names.set(nameOf(object), uid);
    const refs = object.metadata?.ownerReferences ?? [];
    const controller = refs.find((r) => r.controller === true)?.uid ?? object.metadata?.labels?.[OWNER_UID_LABEL];
    const others =
      refs.length === 0 || (refs.length === 1 && controller !== undefined) ? NONE : otherOwners(refs, controller);
    const label = object.metadata?.labels?.[INSTANCE_LABEL];
    const instance = label === undefined ? undefined : instanceKey(object.metadata?.namespace, label);
    this.byUidMap.set(uid, { object, controller, others, instance });
    if (controller !== undefined) this.controlled.add(controller, uid);
    for (const owner of others) this.owned.add(owner, uid);
    if (instance !== undefined) this.instances.add(instance, uid);
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
    if (entry.controller !== undefined) this.controlled.delete(entry.controller, uid);
    for (const owner of entry.others) this.owned.delete(owner, uid);
    if (entry.instance !== undefined) this.instances.delete(entry.instance, uid);
  }

  byUid(uid: string): T | undefined {
    return this.byUidMap.get(uid)?.object;
  }

  /** Objects whose controller ownerReference (or, lacking one, owner label) has this uid (what `Owns()` maps back to its owner). */
  byController(uid: string): T[] {
    return this.resolve(this.controlled.get(uid));
  }

  /** Objects with any ownerReference to this uid. */
  byOwner(uid: string): T[] {
    return [...this.byController(uid), ...this.resolve(this.owned.get(uid))];
  }

  /** Objects of this namespace whose `app.kubernetes.io/instance` label has this value. */
  byInstance(namespace: string | undefined, value: string): T[] {
    return this.resolve(this.instances.get(instanceKey(namespace, value)));
  }

  get size(): number {
    return this.byUidMap.size;
  }

  private resolve(uids: Iterable<string>): T[] {
    const out: T[] = [];
    for (const uid of uids) {
      const entry = this.byUidMap.get(uid);
      if (entry !== undefined) out.push(entry.object);
    }
    return out;
  }
}

/** The owners besides the controller, each once (an object may name its controller twice). */
function otherOwners(refs: readonly { uid: string }[], controller: string | undefined): readonly string[] {
  const others = [...new Set(refs.map((r) => r.uid))].filter((u) => u !== controller);
  return others.length === 0 ? NONE : others;
}

function nameOf(o: KubernetesObject): string {
  return `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
}

function instanceKey(namespace: string | undefined, value: string): string {
  return `${namespace ?? ''}/${value}`;
}
