// Walks controller ownerReferences up across several caches (Pod → ReplicaSet → Deployment → CR)
// to the object at the top: the CR whose page shows the Events or the owned objects. A deleted
// object's controller is remembered for a while (`keepDeletedMs`): the Events about a pod that
// is gone still belong to its CR. Expired entries are dropped as new ones come, without timers.
import type { KubernetesObject } from '@kubernetes/client-node';
import { controllerUid } from './resource-spec';

export interface UidLookup {
  byUid(uid: string): KubernetesObject | undefined;
}

export interface OwnerChainOptions {
  readonly keepDeletedMs?: number;
  readonly now?: () => number;
}

export class OwnerChain {
  /** uid → the controller uid of a deleted object, in deletion order (one keep time for all: oldest first). */
  private readonly deleted = new Map<string, { readonly owner: string; readonly until: number }>();
  private readonly keepMs: number;
  private readonly now: () => number;

  constructor(
    private readonly sources: () => Iterable<UidLookup>,
    opts: OwnerChainOptions = {},
  ) {
    this.keepMs = opts.keepDeletedMs ?? 60 * 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** Remembers who controlled an object that was just deleted (call from a delete handler). */
  deletedObject(o: KubernetesObject): void {
    const now = this.now();
    for (const [uid, entry] of this.deleted) {
      if (entry.until > now) break;
      this.deleted.delete(uid);
    }
    const uid = o.metadata?.uid;
    const owner = controllerUid(o);
    if (uid === undefined || owner === undefined) return;
    this.deleted.delete(uid);
    this.deleted.set(uid, { owner, until: now + this.keepMs });
  }

  /** The controller uid of a cached (or recently deleted) object. */
  controllerOf(uid: string): string | undefined {
    for (const source of this.sources()) {
      const o = source.byUid(uid);
      if (o !== undefined) return controllerUid(o);
    }
    const gone = this.deleted.get(uid);
    return gone !== undefined && gone.until > this.now() ? gone.owner : undefined;
  }

  /** The uid at the top of the chain (the uid itself when it has no known controller). */
  rootOf(uid: string | undefined, maxHops = 4): string | undefined {
    let current = uid;
    for (let hops = 0; hops < maxHops && current !== undefined; hops++) {
      const owner = this.controllerOf(current);
      if (owner === undefined) return current;
      current = owner;
    }
    return current;
  }

  /** The root of an object that may be gone from the caches already (a delete handler's argument). */
  rootOfObject(o: KubernetesObject, maxHops = 4): string | undefined {
    const owner = controllerUid(o);
    return owner === undefined ? o.metadata?.uid : this.rootOf(owner, maxHops - 1);
  }
}
