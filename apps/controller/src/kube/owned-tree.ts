// What an object owns, of any kinds the caller names: the objects whose controller ownerReference
// leads to it, directly or through others (Deployment → ReplicaSet → Pod, StatefulSet → Pod,
// Service, ConfigMap, Ingress, PodDisruptionBudget, …), found with the owner index of the shared
// informer cache. `ownedTree` is pure over the caches it is given; `readOwned` takes the leases
// itself for a one-off read (they linger, so the next read finds the informers running).
import type { KubernetesObject } from '@kubernetes/client-node';
import type { InformerCache } from './informer-cache';
import type { KindSpec } from './resource-spec';

/** One kind to look in, and its cache (a lease, or anything with the owner index). */
export interface OwnedSource {
  readonly kind: KindSpec;
  byController(uid: string): readonly KubernetesObject[];
}

export interface OwnedNode {
  readonly kind: KindSpec;
  readonly object: KubernetesObject;
  /** The uid of its controller: the root or an object above it in the tree. */
  readonly parent: string;
  /** 1: controlled by the root itself. */
  readonly depth: number;
}

/**
 * Everything `rootUid` controls, transitively, breadth first (at most `maxDepth` levels): each
 * level sorted by kind, namespace and name. An object is listed once even if the indexes disagree
 * (an ownership cycle cannot loop).
 */
export function ownedTree(rootUid: string, sources: readonly OwnedSource[], maxDepth = 4): OwnedNode[] {
  const seen = new Set([rootUid]);
  const out: OwnedNode[] = [];
  let frontier = [rootUid];
  for (let depth = 1; depth <= maxDepth && frontier.length > 0; depth++) {
    const level: OwnedNode[] = [];
    for (const parent of frontier)
      for (const source of sources)
        for (const object of source.byController(parent)) {
          const uid = object.metadata?.uid;
          if (uid === undefined || seen.has(uid)) continue;
          seen.add(uid);
          level.push({ kind: source.kind, object, parent, depth });
        }
    level.sort(
      (a, b) =>
        a.kind.kind.localeCompare(b.kind.kind) ||
        (a.object.metadata?.namespace ?? '').localeCompare(b.object.metadata?.namespace ?? '') ||
        (a.object.metadata?.name ?? '').localeCompare(b.object.metadata?.name ?? ''),
    );
    out.push(...level);
    frontier = level.map((n) => n.object.metadata?.uid ?? '');
  }
  return out;
}

export interface ReadOwnedOptions {
  /** How long to wait for informers that are not synced yet (default 5 s); then what there is. */
  readonly syncWaitMs?: number;
  /** Keep informers this read started running this long for the next one (default 60 s). */
  readonly lingerMs?: number;
  readonly maxDepth?: number;
}

/** What `rootUid` controls among `kinds`, read from the shared cache (for callers that hold no leases). */
export async function readOwned(
  cache: InformerCache,
  rootUid: string,
  kinds: readonly KindSpec[],
  opts: ReadOwnedOptions = {},
): Promise<OwnedNode[]> {
  const leases = kinds.map((kind) => ({ kind, lease: cache.acquire(kind, { lingerMs: opts.lingerMs ?? 60_000 }) }));
  try {
    await Promise.all(leases.map(({ lease }) => lease.waitForSync(opts.syncWaitMs ?? 5000)));
    const sources = leases.map(({ kind, lease }) => ({ kind, byController: (uid: string) => lease.byController(uid) }));
    return ownedTree(rootUid, sources, opts.maxDepth);
  } finally {
    for (const { lease } of leases) lease.release();
  }
}
