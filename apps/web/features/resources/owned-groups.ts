// The Owned objects panel's rows, grouped: a resource graph's collection (forEach, docs/design/0041)
// is one group under its child id, its objects in name order; everything else is a plain row.
import type { OwnedObjects } from './api-types';

export type OwnedRow = OwnedObjects['objects'][number];

export interface OwnedGroups {
  /** objects of no collection, by kind then name */
  readonly single: readonly OwnedRow[];
  /** each collection once, by child id: its kind and objects */
  readonly collections: readonly {
    readonly child: string;
    readonly kind: string;
    readonly objects: readonly OwnedRow[];
  }[];
}

/** The objects the custom resource controls itself (depth 1), grouped. */
export function groupOwned(objects: readonly OwnedRow[]): OwnedGroups {
  const direct = objects
    .filter((o) => o.depth === 1)
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
  const single: OwnedRow[] = [];
  const groups = new Map<string, { child: string; kind: string; objects: OwnedRow[] }>();
  for (const o of direct) {
    if (o.child === null || o.element === null) {
      single.push(o);
      continue;
    }
    const key = `${o.child}\u0000${o.kind}`;
    const g = groups.get(key) ?? { child: o.child, kind: o.kind, objects: [] };
    g.objects.push(o);
    groups.set(key, g);
  }
  const collections = [...groups.values()].sort(
    (a, b) => a.child.localeCompare(b.child) || a.kind.localeCompare(b.kind),
  );
  return { single, collections };
}
