// How the child card's "For each" field changes a child (docs/design/0041): its iterators as an
// ordered list of [name, list], each edit child → child, an empty list removing forEach (and its
// limit, which belongs to a collection).
import type { ChildResource } from '@opstudio/shared/graph/model';

export type IteratorRow = readonly [name: string, list: string];

/** The child's iterators as rows, in order (one entry of forEach each). */
export function iteratorRows(child: ChildResource): IteratorRow[] {
  return (child.forEach ?? []).map((entry) => Object.entries(entry)[0] ?? ['', '']);
}

/** The child with these iterators; none makes it one object again. */
export function withIterators(child: ChildResource, rows: readonly IteratorRow[]): ChildResource {
  const { forEach: _f, forEachLimit, ...rest } = child;
  if (rows.length === 0) return rest;
  const forEach = rows.map(([name, list]) => ({ [name]: list }));
  return { ...rest, forEach, ...(forEachLimit !== undefined ? { forEachLimit } : {}) };
}

/** A new iterator: `each` first (`each2`, … after), over a list the user points at. */
export function addIterator(child: ChildResource): ChildResource {
  const rows = iteratorRows(child);
  const taken = new Set(rows.map(([n]) => n));
  let name = 'each';
  for (let i = 2; taken.has(name); i++) name = `each${i}`;
  return withIterators(child, [...rows, [name, '${self.spec.items}']]);
}

export function setIterator(child: ChildResource, index: number, row: IteratorRow): ChildResource {
  return withIterators(
    child,
    iteratorRows(child).map((r, i) => (i === index ? row : r)),
  );
}

export function removeIterator(child: ChildResource, index: number): ChildResource {
  return withIterators(
    child,
    iteratorRows(child).filter((_r, i) => i !== index),
  );
}

/** The collection's limit, or (undefined) the default of 1,000. */
export function withLimit(child: ChildResource, limit: number | undefined): ChildResource {
  const { forEachLimit: _old, ...rest } = child;
  return limit === undefined ? rest : { ...rest, forEachLimit: limit };
}
