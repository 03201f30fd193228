// What a custom resource's finalizer deletes before it lets the resource go (docs/design/0039):
// the children that carry the owner label instead of an owner reference (a cluster-scoped child
// of a namespaced resource, a child in another namespace), which the garbage collector would
// never delete. Reverse dependency order: a child goes once no child still there depends on it,
// so what lives inside a Namespace of the graph goes before the Namespace. Children with an
// owner reference are the garbage collector's, as always. Pure: the controller (and the export's
// Go, line for line) asks each reconcile what to delete now and what it still waits for.
import { analyzeGraph } from './dependencies';
import type { ResourceGraph } from './model';
import { componentOf, type OwnedChild } from './child-sync';

export interface CleanupChild extends OwnedChild {
  readonly metadata?: OwnedChild['metadata'] & { readonly deletionTimestamp?: string | Date };
}

export interface CleanupStep<T> {
  /** to delete now: no remaining child depends on them, and they are not being deleted yet */
  readonly remove: T[];
  /** `waiting for Namespace team-a, ClusterRole acme-reader to be deleted`; undefined once none is left */
  readonly waiting: string | undefined;
}

/**
 * `labelled`: the label-owned children still in the cluster. `deleting(o)`: already asked to go
 * (a deletionTimestamp, or a delete this controller sent that its cache has not seen yet).
 */
export function cleanupStep<T extends CleanupChild>(
  graph: ResourceGraph,
  labelled: readonly T[],
  deleting: (o: T) => boolean = (o) => o.metadata?.deletionTimestamp !== undefined,
): CleanupStep<T> {
  if (labelled.length === 0) return { remove: [], waiting: undefined };
  const dependsOn = new Map(analyzeGraph(graph).order.map((a) => [a.child.id, new Set(a.edges.keys())]));
  const ids = labelled.map((o) => componentOf(o));
  const remove = labelled.filter((o, i) => {
    const id = ids[i];
    const needed =
      id !== undefined && ids.some((other, j) => j !== i && other !== id && dependsOn.get(other ?? '')?.has(id));
    return !needed && !deleting(o);
  });
  const names = labelled.map((o) => {
    const ns = o.metadata?.namespace;
    return `${o.kind ?? 'Object'} ${ns !== undefined && ns !== '' ? `${ns}/` : ''}${o.metadata?.name ?? ''}`;
  });
  return { remove, waiting: `waiting for ${names.sort().join(', ')} to be deleted` };
}
