import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInsertSql, runInsertValues, type RunRow } from './run-insert';

const row = (name: string): RunRow => ({
  clusterId: 'c',
  controller: 'memcached',
  objectUid: `uid-${name}`,
  kind: 'Memcached',
  namespace: 'ns',
  name,
  generation: 2,
  designId: null,
  designVersion: null,
  triggers: '[]',
  startedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, 0, 5)),
  durationMs: 3,
  outcome: 'success',
  requeueAfterMs: null,
  errorMessage: null,
  actions: '[]',
  conditions: '[]',
});

test('one tuple of placeholders per row: `?` on SQLite, numbered on from row to row on Postgres', () => {
  const sqlite = runInsertSql(2, 'sqlite');
  const postgres = runInsertSql(2, 'postgres');
  assert.match(
    sqlite,
    /^INSERT INTO "ReconcileRun" \("clusterId", "controller", .*, "conditions"\) VALUES \(\?(, \?){16}\), \(\?(, \?){16}\) RETURNING \*$/,
  );
  const tuples = /VALUES (.*) RETURNING/.exec(postgres)?.[1];
  assert.equal(tuples, `(${range(1, 17)}), (${range(18, 34)})`);
  assert.equal(
    sqlite.replace(/VALUES .* RETURNING/, ''),
    postgres.replace(/VALUES .* RETURNING/, ''),
    'the same columns',
  );
});

test('the values follow the columns, row after row, nulls and dates as they are', () => {
  const [a, b] = [row('a'), row('b')];
  const values = runInsertValues([a, b]);
  const columns =
    /\(([^)]*)\) VALUES/
      .exec(runInsertSql(1, 'sqlite'))?.[1]
      ?.split(', ')
      .map((c) => c.slice(1, -1)) ?? [];
  assert.equal(values.length, 2 * columns.length);
  assert.deepEqual(
    values.slice(0, columns.length),
    columns.map((c) => a[c as keyof RunRow]),
  );
  assert.deepEqual(
    values.slice(columns.length),
    columns.map((c) => b[c as keyof RunRow]),
  );
  assert.ok(values[columns.indexOf('startedAt')] instanceof Date);
  assert.equal(values[columns.indexOf('designId')], null);
});

test('an insert of no rows is a bug, not an empty statement', () => {
  assert.throws(() => runInsertSql(0, 'sqlite'), /at least one row/);
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `$${from + i}`).join(', ');
