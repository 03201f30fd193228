// Folds one list event into a uid-keyed list (Headlamp's KubeList.applyUpdate, as a pure
// function). A snapshot replaces the list whole: the server sends one after a relist or when a
// resumed subscription could not be replayed, so stale rows never linger. A long snapshot comes
// in pages (snapshot-pages.ts): the snapshot replaces, each page after it adds its rows.

export type ListEvent<T> =
  | { readonly type: 'snapshot'; readonly items: readonly T[] }
  | { readonly type: 'page'; readonly items: readonly T[] }
  | { readonly type: 'upsert' | 'delete'; readonly item: T };

interface Keyed {
  readonly uid: string;
}

/** A new map (the old one is left alone, so React sees the change); the same map when nothing changed. */
export function applyWatchEvent<T extends Keyed>(
  list: ReadonlyMap<string, T> | undefined,
  event: ListEvent<T>,
): ReadonlyMap<string, T> {
  if (event.type === 'snapshot') return new Map(event.items.map((item) => [item.uid, item]));
  const current = list ?? new Map<string, T>();
  if (event.type === 'page') {
    const next = new Map(current);
    for (const item of event.items) next.set(item.uid, item);
    return next;
  }
  if (event.type === 'delete') {
    if (!current.has(event.item.uid)) return current;
    const next = new Map(current);
    next.delete(event.item.uid);
    return next;
  }
  return new Map(current).set(event.item.uid, event.item);
}

/** The list's items in a stable order for display. */
export function sortedItems<T extends Keyed>(
  list: ReadonlyMap<string, T> | undefined,
  compare: (a: T, b: T) => number,
): T[] {
  return list === undefined ? [] : [...list.values()].sort(compare);
}
