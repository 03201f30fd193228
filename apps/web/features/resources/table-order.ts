// The kind table's rows in order (namespace, then name), kept across live updates: a change to
// rows already shown (100 CRs changing a second) keeps the order and swaps the changed rows in,
// one pass over the list; rows only added (a snapshot's next page, new CRs) are sorted on their
// own and merged in; only a deletion (or a rename, which cannot happen in Kubernetes) sorts all
// again. Re-sorting 10,000 rows on every update took longer than a frame.
import { compareByPlace } from '@opstudio/shared/resources/index';
import type { ResourceRow } from './api-types';

/** `rows` in table order; `previous` (the last answer) is reused when the set of rows is the same. */
export function tableOrder(
  rows: ReadonlyMap<string, ResourceRow> | undefined,
  previous: readonly ResourceRow[] = [],
): readonly ResourceRow[] {
  if (rows === undefined) return [];
  const kept = previous.length <= rows.size ? keptInPlace(rows, previous) : undefined;
  if (kept === undefined) return [...rows.values()].sort(compareByPlace);
  if (previous.length === rows.size) return kept.changed ? kept.rows : previous;
  const shown = new Set(previous.map((r) => r.uid));
  const added = [...rows.values()].filter((r) => !shown.has(r.uid)).sort(compareByPlace);
  return mergeSorted(kept.rows, added);
}

/** The rows shown before, each swapped for its newest version; undefined if one is gone or moved. */
function keptInPlace(
  rows: ReadonlyMap<string, ResourceRow>,
  previous: readonly ResourceRow[],
): { rows: ResourceRow[]; changed: boolean } | undefined {
  const next: ResourceRow[] = new Array<ResourceRow>(previous.length);
  let changed = false;
  for (let i = 0; i < previous.length; i++) {
    const old = previous[i] as ResourceRow;
    const row = rows.get(old.uid);
    if (row === undefined || row.name !== old.name || row.namespace !== old.namespace) return undefined;
    if (row !== old) changed = true;
    next[i] = row;
  }
  return { rows: next, changed };
}

function mergeSorted(a: readonly ResourceRow[], b: readonly ResourceRow[]): ResourceRow[] {
  const out: ResourceRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareByPlace(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}
