// The rows kept per cluster (docs/design/0035) on a real, migrated database, no cluster needed:
// the claim of the rows stored before clusters had ids (one transaction; a pause the cluster
// already keeps wins over an unkeyed one of the same kind), pauses unique per cluster and kind, and
// the remembered contexts. rows-per-cluster.int.test.ts drives the same through two sandboxes.
// @postgres: unkeyed rows claimed in one transaction under the (clusterId, crdName) key, upserts, order by date
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openDb, type StudioDb } from '../db';
import { kindPause, pauseKind, pausedKinds, resumeKind } from '../operators/kind-pauses';
import { migratedTempDb } from '../../testing';
import { claimUnkeyedRows } from './cluster-identity';
import { rememberContext, rememberedContexts } from './remembered';

async function withDb(body: (db: StudioDb) => Promise<void>): Promise<void> {
  const db = openDb(migratedTempDb());
  try {
    await body(db);
  } finally {
    await db.$disconnect();
  }
}

const run = (name: string, clusterId?: string) => ({
  controller: 'memcached',
  objectUid: `uid-${name}`,
  kind: 'Memcached',
  namespace: 'ns',
  name,
  triggers: '[]',
  startedAt: new Date(),
  durationMs: 3,
  outcome: 'error',
  errorMessage: 'stored before clusters had ids',
  actions: '[]',
  conditions: '[]',
  ...(clusterId === undefined ? {} : { clusterId }),
});

test('a cluster claims the unkeyed rows once; its own pause of a kind wins over an unkeyed one', async () => {
  await withDb(async (db) => {
    await db.kindPause.create({ data: { crdName: 'a.example.com', pausedBy: 'cli:before-upgrade' } });
    await db.kindPause.create({ data: { crdName: 'b.example.com', pausedBy: 'cli:before-upgrade' } });
    await pauseKind(db, 'cluster-x', 'a.example.com', 'alice');
    await db.reconcileRun.createMany({ data: [run('old-1'), run('old-2'), run('other', 'cluster-y')] });

    assert.deepEqual(await claimUnkeyedRows(db, 'cluster-x'), { runs: 2, pauses: 1 });
    assert.deepEqual(
      (await pausedKinds(db, 'cluster-x')).map((p) => [p.crdName, p.pausedBy]),
      [
        ['a.example.com', 'alice'],
        ['b.example.com', 'cli:before-upgrade'],
      ],
    );
    assert.equal(await db.kindPause.count({ where: { clusterId: '' } }), 0);
    const byCluster = await db.reconcileRun.groupBy({ by: ['clusterId'], _count: true, orderBy: { clusterId: 'asc' } });
    assert.deepEqual(
      byCluster.map((g) => [g.clusterId, g._count]),
      [
        ['cluster-x', 2],
        ['cluster-y', 1],
      ],
    );
    // nothing left to claim: another cluster (or a restart) takes nothing
    assert.deepEqual(await claimUnkeyedRows(db, 'cluster-y'), { runs: 0, pauses: 0 });
  });
});

test('a pause is per cluster and kind: pausing twice keeps the first, resuming one cluster leaves the other', async () => {
  await withDb(async (db) => {
    await pauseKind(db, 'cluster-x', 'a.example.com', 'alice');
    await pauseKind(db, 'cluster-x', 'a.example.com', 'bob');
    await pauseKind(db, 'cluster-y', 'a.example.com', 'bob');
    assert.equal((await kindPause(db, 'cluster-x', 'a.example.com'))?.pausedBy, 'alice');
    assert.equal((await kindPause(db, 'cluster-y', 'a.example.com'))?.pausedBy, 'bob');
    await resumeKind(db, 'cluster-x', 'a.example.com');
    await resumeKind(db, 'cluster-x', 'a.example.com');
    assert.equal(await kindPause(db, 'cluster-x', 'a.example.com'), null);
    assert.deepEqual(
      (await pausedKinds(db, 'cluster-y')).map((p) => p.crdName),
      ['a.example.com'],
    );
  });
});

test('remembered contexts: each once, oldest install first', async () => {
  await withDb(async (db) => {
    await rememberContext(db, 'second');
    await new Promise((r) => setTimeout(r, 5));
    await rememberContext(db, 'first-again');
    await rememberContext(db, 'second');
    assert.deepEqual(await rememberedContexts(db), ['second', 'first-again']);
  });
});
