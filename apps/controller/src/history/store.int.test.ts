// The history on a real, migrated SQLite database: rows with triggers and actions, the live
// `timeline:<uid>` events, the snapshot read back from the database, and retention per object.
// @postgres: the history's queries: snapshot order, cursors, retention per object
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterIdentity } from '../clusters/cluster-identity';
import { openDb } from '../db';
import { LiveBus } from '../live/bus';
import { SnapshotRegistry } from '../live/snapshots';
import type { ReconcileAttempt } from '../runtime/controller';
import { outcome } from '../runtime/outcome';
import { migratedTempDb } from '../../testing';
import { HistoryStore } from './store';
import type { ReconcilerReport } from './types';

const record = (i: number): ReconcileAttempt => ({
  controller: 'memcached',
  key: 'ns/s',
  triggers: [
    {
      kind: 'watch',
      eventType: 'MODIFIED',
      resourceVersion: String(100 + i),
      object: { kind: 'Memcached', name: 's', namespace: 'ns' },
    },
  ],
  droppedTriggers: 0,
  startedAt: new Date(Date.UTC(2026, 10, 22, 12, 0, i)),
  durationMs: 12.6,
  outcome: i === 4 ? outcome.error(new Error('conflict (409)')) : outcome.done(),
  ...(i === 4 ? { error: 'conflict (409)' } : {}),
});
const report = (uid: string, i: number): ReconcilerReport => ({
  uid,
  kind: 'Memcached',
  namespace: 'ns',
  name: 's',
  generation: i,
  actions: [
    {
      object: { kind: 'Deployment', name: 's', namespace: 'ns' },
      verb: 'updated',
      summary: `Deployment s replicas ${i}→${i + 1}`,
    },
  ],
  conditions: [],
});

test('runs are stored, published, served from the database, and pruned per object', async () => {
  const db = openDb(migratedTempDb());
  const bus = new LiveBus();
  const published: string[] = [];
  bus.subscribe((e) => void published.push(e.event.topic));
  const history = new HistoryStore({ db, cluster: ClusterIdentity.of('test-cluster'), bus, retention: 3 });
  try {
    for (let i = 1; i <= 5; i++) await history.record(record(i), report('uid-a', i));
    for (let i = 1; i <= 2; i++) await history.record(record(i), report('uid-b', i));
    await history.idle();

    const a = await history.timeline('uid-a');
    assert.deepEqual(
      a.map((r) => r.generation),
      [3, 4, 5],
      'the newest 3 runs of uid-a, oldest first',
    );
    assert.deepEqual(
      a.map((r) => r.outcome),
      ['success', 'error', 'success'],
    );
    assert.equal(a[1]?.errorMessage, 'conflict (409)');
    assert.equal(a[0]?.durationMs, 13);
    assert.deepEqual(a[0]?.triggers, record(3).triggers);
    assert.equal(a[2]?.actions[0]?.summary, 'Deployment s replicas 5→6');
    assert.equal((await history.timeline('uid-b')).length, 2, 'another object keeps its own runs');
    assert.deepEqual(published, [...Array<string>(5).fill('timeline:uid-a'), 'timeline:uid-b', 'timeline:uid-b']);

    const snapshots = new SnapshotRegistry();
    history.registerSnapshots(snapshots);
    const [snap] = await snapshots.snapshot('timeline:uid-a');
    assert.ok(snap?.topic === 'timeline:uid-a' && snap.type === 'snapshot');
    assert.deepEqual(
      snap.runs.map((r) => r.id),
      a.map((r) => r.id),
    );
  } finally {
    await db.$disconnect();
  }
});

test('another replica publishes the runs it did not record (tail of the table), each once', async () => {
  const url = migratedTempDb();
  const [leaderDb, replicaDb] = [openDb(url), openDb(url)];
  const [leaderBus, replicaBus] = [new LiveBus(), new LiveBus()];
  const cluster = ClusterIdentity.of('test-cluster');
  const leader = new HistoryStore({ db: leaderDb, cluster, bus: leaderBus });
  const replica = new HistoryStore({ db: replicaDb, cluster, bus: replicaBus });
  const seen = { leader: [] as number[], replica: [] as number[] };
  const runId = (e: { event: unknown }) => (e.event as { run?: { id: number } }).run?.id ?? -1;
  leaderBus.subscribe((e) => void seen.leader.push(runId(e)));
  replicaBus.subscribe((e) => void seen.replica.push(runId(e)));
  const stop = new AbortController();
  const tails = [
    leader.tail(stop.signal, { intervalMs: 20, isLeader: () => true }),
    replica.tail(stop.signal, { intervalMs: 20 }),
  ];
  try {
    await new Promise((r) => setTimeout(r, 50));
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) ids.push((await leader.record(record(i), report('uid-r', i))).id);
    const deadline = Date.now() + 5000;
    while (seen.replica.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100)); // a duplicate would arrive within a few polls
    assert.deepEqual(seen.replica, ids);
    assert.deepEqual(seen.leader, ids, 'the recording replica publishes its own runs once, not again from the tail');
  } finally {
    stop.abort();
    await Promise.all(tails);
    await leaderDb.$disconnect();
    await replicaDb.$disconnect();
  }
});

test('paging back through one object: older runs below an id, oldest first, until there are none', async () => {
  const db = openDb(migratedTempDb());
  const history = new HistoryStore({ db, cluster: ClusterIdentity.of('test-cluster') });
  try {
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      ids.push((await history.record(record(i), report('uid-p', i))).id);
      await history.record(record(i), report('uid-other', i));
    }
    const newest = await history.page('uid-p', 3);
    assert.deepEqual(
      newest.runs.map((r) => r.id),
      ids.slice(4, 7),
      'the newest 3, oldest first',
    );
    assert.equal(newest.nextBefore, ids[4]);
    const older = await history.page('uid-p', 3, newest.nextBefore ?? undefined);
    assert.deepEqual(
      older.runs.map((r) => r.id),
      ids.slice(1, 4),
    );
    const oldest = await history.page('uid-p', 3, older.nextBefore ?? undefined);
    assert.deepEqual(
      oldest.runs.map((r) => r.id),
      ids.slice(0, 1),
    );
    assert.equal(oldest.nextBefore, null, 'nothing older');
    assert.deepEqual((await history.page('uid-none', 3)).runs, []);
  } finally {
    await db.$disconnect();
  }
});

test('two clusters on one database: each feed and each failures list carries its own cluster’s runs', async () => {
  const url = migratedTempDb();
  const [aDb, bDb, standbyDb] = [openDb(url), openDb(url), openDb(url)];
  const standbyBus = new LiveBus();
  const a = new HistoryStore({ db: aDb, cluster: ClusterIdentity.of('cluster-a') });
  const b = new HistoryStore({ db: bDb, cluster: ClusterIdentity.of('cluster-b') });
  // a standby replica of cluster A's services: its tail relays what A's leader stores
  const standby = new HistoryStore({ db: standbyDb, cluster: ClusterIdentity.of('cluster-a'), bus: standbyBus });
  const relayed: string[] = [];
  standbyBus.subscribe((e) => void relayed.push((e.event as { run?: { objectUid: string } }).run?.objectUid ?? ''));
  const stop = new AbortController();
  const tail = standby.tail(stop.signal, { intervalMs: 20 });
  try {
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 3; i <= 5; i++) {
      await a.record(record(i), report('uid-in-a', i));
      await b.record(record(i), report('uid-in-b', i));
    }
    const deadline = Date.now() + 5000;
    while (relayed.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100)); // B's runs would arrive within a few polls
    assert.deepEqual(relayed, ['uid-in-a', 'uid-in-a', 'uid-in-a']);
    // record(4) is the failing run
    assert.deepEqual(
      (await a.recentFailures(10)).map((r) => r.objectUid),
      ['uid-in-a'],
    );
    assert.deepEqual(
      (await b.recentFailures(10)).map((r) => r.objectUid),
      ['uid-in-b'],
    );
    // a cluster not reached since start has no id yet: no failures, and no run can be recorded for it
    const unknown = new HistoryStore({ db: aDb, cluster: new ClusterIdentity() });
    assert.deepEqual(await unknown.recentFailures(10), []);
    await assert.rejects(unknown.record(record(1), report('uid-x', 1)), /before its cluster id was known/);
  } finally {
    stop.abort();
    await tail;
    await Promise.all([aDb.$disconnect(), bDb.$disconnect(), standbyDb.$disconnect()]);
  }
});
