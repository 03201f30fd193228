// The reconcile history's INSERT as SQL text, for one row or a batch, on SQLite and Postgres.
// Why not `createManyAndReturn`: under Prisma 6.19's JS engine every model query is compiled to a
// plan by the query compiler (wasm) and run by its interpreter; for this one statement that cost
// ~1.9 ms of CPU (one INSERT every 20 ms, as a controller writes them), on the controller's only
// thread, where it delays the next watch event and reconcile. A raw statement skips the model
// layer (~1.1 ms) and still returns the stored rows, typed by their columns (DATETIME/TIMESTAMP
// come back as Date, as from the model API: run-insert.int.test.ts compares the two).
// docs/design/0018, session 10.
import type { DatabaseKind } from '../db';
import type { ReconcileRun } from '../generated/prisma/client';

/** A ReconcileRun row before the database gave it its id. */
export type RunRow = Omit<ReconcileRun, 'id'>;

/** Every column of a RunRow, in the order of the VALUES (`satisfies` fails the build when the model changes). */
const RUN_COLUMNS = Object.keys({
  clusterId: true,
  controller: true,
  objectUid: true,
  kind: true,
  namespace: true,
  name: true,
  generation: true,
  designId: true,
  designVersion: true,
  triggers: true,
  startedAt: true,
  durationMs: true,
  outcome: true,
  requeueAfterMs: true,
  errorMessage: true,
  actions: true,
  conditions: true,
} satisfies Record<keyof RunRow, true>) as (keyof RunRow)[];

/**
 * `INSERT … VALUES (…), (…) RETURNING *` for `rows` rows: `?` placeholders on SQLite, `$1…$n` on
 * Postgres (both quote the camelCase column names, as the migrations created them).
 */
export function runInsertSql(rows: number, dialect: DatabaseKind): string {
  if (!Number.isInteger(rows) || rows < 1) throw new Error(`an insert needs at least one row, got ${rows}`);
  const width = RUN_COLUMNS.length;
  const placeholder = dialect === 'postgres' ? (i: number) => `$${i + 1}` : () => '?';
  const tuples = Array.from(
    { length: rows },
    (_, r) => `(${RUN_COLUMNS.map((_, c) => placeholder(r * width + c)).join(', ')})`,
  );
  const columns = RUN_COLUMNS.map((c) => `"${c}"`).join(', ');
  return `INSERT INTO "ReconcileRun" (${columns}) VALUES ${tuples.join(', ')} RETURNING *`;
}

/** The parameters of runInsertSql(rows.length, …), row after row in column order. */
export function runInsertValues(rows: readonly RunRow[]): unknown[] {
  return rows.flatMap((row) => RUN_COLUMNS.map((c) => row[c]));
}
