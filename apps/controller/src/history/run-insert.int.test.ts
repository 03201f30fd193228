// The history's raw INSERT (run-insert.ts) against the model API it replaced, on a real migrated
// database (SQLite here; npm test's Postgres pass runs it on Postgres): a batch with nulls and with
// every optional column set is returned as the model API reads it back, and stored in the same
// form as createManyAndReturn stores the same data (dates above all: text on SQLite, TIMESTAMP(3)
// on Postgres).
// @postgres: the raw INSERT's SQL and what it stores (dates: text on SQLite, TIMESTAMP(3) on Postgres)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterIdentity } from '../clusters/cluster-identity';
import { openDb } from '../db';
import type { ReconcileAttempt } from '../runtime/controller';
import { outcome } from '../runtime/outcome';
import { migratedTempDb } from '../../testing';
import { HistoryStore, toTimelineRun } from './store';
import type { ReconcilerReport } from './types';

const attempts: [ReconcileAttempt, ReconcilerReport][] = [
  [
    {
      controller: 'memcached',
      key: 'ns/a',
      triggers: [{ kind: 'requeue', afterMs: 1500 }],
      droppedTriggers: 0,
      startedAt: new Date(Date.UTC(2026, 10, 25, 23, 59, 59, 999)),
      durationMs: 0.4,
      outcome: outcome.requeueAfter(1500),
      error: 'a message with "quotes", a\nline break and ünïcödé',
    },
    {
      uid: 'uid-a',
      kind: 'Memcached',
      namespace: 'ns',
      name: 'a',
      generation: 7,
      designId: 'design-1',
      designVersion: 3,
      actions: [
        { object: { kind: 'Deployment', name: 'a', namespace: 'ns' }, verb: 'updated', summary: 'replicas 1→2' },
      ],
      conditions: [],
    },
  ],
  [
    {
      controller: 'memcached',
      key: 'ns/b',
      triggers: [],
      droppedTriggers: 0,
      startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 1)),
      durationMs: 12.5,
      outcome: outcome.done(),
    },
    { uid: 'uid-b', kind: 'Memcached', namespace: 'ns', name: 'b', actions: [], conditions: [] },
  ],
];

test('runs written as raw SQL read back and are stored exactly as through the model API', async () => {
  const db = openDb(migratedTempDb());
  const history = new HistoryStore({ db, cluster: ClusterIdentity.of('test-cluster') });
  try {
    // both in one turn: one batch, one INSERT of two rows
    const recorded = await Promise.all(attempts.map(([a, r]) => history.record(a, r)));
    assert.deepEqual(
      recorded.map((r) => [r.objectUid, r.startedAt, r.generation, r.designId, r.requeueAfterMs, r.errorMessage]),
      [
        ['uid-a', '2026-11-25T23:59:59.999Z', 7, 'design-1', 1500, attempts[0]?.[0].error],
        ['uid-b', '2026-01-01T00:00:00.001Z', null, null, null, null],
      ],
    );
    assert.ok((recorded[0]?.id ?? 0) < (recorded[1]?.id ?? 0), 'ids follow the rows’ order');

    const stored = await db.reconcileRun.findMany({ orderBy: { id: 'asc' } });
    assert.deepEqual(recorded, stored.map(toTimelineRun), 'what the insert returned is what the model API reads');

    // the same data through the model API: the stored values must not differ in any column
    const again = await db.reconcileRun.createManyAndReturn({ data: stored.map(({ id: _, ...row }) => row) });
    const asText = await db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT id, CAST("startedAt" AS TEXT) AS "startedAt", CAST("generation" AS TEXT) AS "generation",
              CAST("durationMs" AS TEXT) AS "durationMs", CAST("errorMessage" AS TEXT) AS "errorMessage"
       FROM "ReconcileRun" ORDER BY id`,
    );
    const [raw, model] = [asText.slice(0, 2), asText.slice(2)];
    const withoutId = (rows: Record<string, unknown>[]) => rows.map(({ id: _, ...rest }) => rest);
    assert.equal(again.length, 2);
    assert.deepEqual(withoutId(raw), withoutId(model), 'the same stored form (dates, integers, nulls)');
  } finally {
    await history.idle();
    await db.$disconnect();
  }
});
