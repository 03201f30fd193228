// A map (`additionalProperties`) edited as key/value rows. The rows are the editor's own state:
// a row being typed may have no key yet, or the key of another row, and must not vanish while
// it does. Only complete rows reach the object; when the object changes from elsewhere (the
// YAML editor), the rows follow it and the incomplete ones stay.

export interface MapRow {
  /** Stable across edits, for React keys and input ids. */
  readonly id: number;
  readonly key: string;
  readonly value: unknown;
}

let nextId = 1;
export const newRowId = (): number => nextId++;

const asObject = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export function rowsFromMap(value: unknown): MapRow[] {
  const o = asObject(value);
  return Object.keys(o).map((key) => ({ id: newRowId(), key, value: o[key] }));
}

/** Why a row does not reach the object: no key, or the key of an earlier row. */
export function rowProblem(rows: readonly MapRow[], index: number): string | null {
  const row = rows[index];
  if (row === undefined) return null;
  if (row.key === '') return 'needs a key';
  if (rows.slice(0, index).some((r) => r.key === row.key)) return `"${row.key}" is already a key above`;
  return null;
}

/** The object of the complete rows, in row order; undefined when there are none. */
export function mapFromRows(rows: readonly MapRow[]): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  rows.forEach((r, i) => {
    if (rowProblem(rows, i) === null) out[r.key] = r.value;
  });
  return Object.keys(out).length === 0 ? undefined : out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/** The rows to show for `value`: the current ones when they still describe it, else its entries plus the incomplete rows. */
export function reconcileRows(rows: readonly MapRow[], value: unknown): readonly MapRow[] {
  if (same(mapFromRows(rows), asObject(value))) return rows;
  return [...rowsFromMap(value), ...rows.filter((_, i) => rowProblem(rows, i) !== null)];
}
