// The kind table's rows in order (namespace, then name), kept across live updates: a change to
// rows already shown (100 CRs changing a second) keeps the order and swaps the changed rows in,
// one pass over the list; only an added or deleted row (or a rename, which cannot happen in
// Kubernetes) sorts again. Re-sorting 10,000 rows on every update took longer than a frame.
import { compareByPlace } from '@opstudio/shared/resources/index';
import type { ResourceRow } from './api-types';

/** `rows` in table order; `previous` (the last answer) is reused when the set of rows is the same. */
export function tableOrder(
  rows: ReadonlyMap<string, ResourceRow> | undefined,
  previous: readonly ResourceRow[] = [],
): readonly ResourceRow[] {
  if (rows === undefined) return [];
  if (previous.length === rows.size) {
    let changed = false;
    const next: ResourceRow[] = new Array<ResourceRow>(previous.length);
    let sameSet = true;
    for (let i = 0; i < previous.length; i++) {
      const old = previous[i] as ResourceRow;
      const row = rows.get(old.uid);
      if (row === undefined || row.name !== old.name || row.namespace !== old.namespace) {
        sameSet = false;
        break;
      }
      if (row !== old) changed = true;
      next[i] = row;
    }
    if (sameSet) return changed ? next : previous;
  }
  return [...rows.values()].sort(compareByPlace);
}
