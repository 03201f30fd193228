// On Postgres a sequence hands out ReconcileRun ids at insert time, not at commit time: while two
// replicas write (a deposed leader's last runs and the new leader's first ones), a row with a
// lower id can commit after a higher one, and a tail reading `id > cursor` (run-feed.ts) would
// step over it for good. The store serializes its inserts on Postgres (an advisory lock held to
// commit), so ids are in commit order as on SQLite. Here a trigger holds one writer's transaction
// open after its id was taken, another writer inserts meanwhile, and a third store's tail must
// publish both. docs/design/0024-replicas.md.
// @postgres: runs only there: a sequence hands out ids at insert, not at commit; the store serializes its inserts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClusterIdentity } from '../clusters/cluster-identity';
import { openDb } from '../db';
import { LiveBus } from '../live/bus';
import type { ReconcileAttempt } from '../runtime/controller';
import { outcome } from '../runtime/outcome';
import { migratedTempDb, testPostgresUrl } from '../../testing';
import { HistoryStore } from './store';

const attempt = (controller: string): ReconcileAttempt => ({
  controller,
  key: 'ns/s',
  triggers: [],
  droppedTriggers: 0,
  startedAt: new Date(),
  durationMs: 1,
  outcome: outcome.done(),
});
const report = { uid: 'uid-a', kind: 'Memcached', namespace: 'ns', name: 's', actions: [], conditions: [] };

test(
  'a run whose transaction commits late is not stepped over by the tail of another replica',
  {
    skip:
      testPostgresUrl === undefined || testPostgresUrl === ''
        ? 'OPSTUDIO_TEST_POSTGRES_URL is not set: ids in commit order matter on Postgres (npm test runs this in its Postgres pass)'
        : false,
    timeout: 60_000,
  },
  async (t) => {
    const url = migratedTempDb();
    const dbs = [openDb(url), openDb(url), openDb(url)] as const;
    t.after(() => Promise.all(dbs.map((db) => db.$disconnect())));
    // A row of the `slow` controller keeps its transaction open for a second after its id was taken.
    await dbs[0].$executeRawUnsafe(`CREATE FUNCTION slow_run() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.controller = 'slow' THEN PERFORM pg_sleep(1); END IF; RETURN NEW; END $$`);
    await dbs[0].$executeRawUnsafe(
      `CREATE TRIGGER slow_run BEFORE INSERT ON "ReconcileRun" FOR EACH ROW EXECUTE FUNCTION slow_run()`,
    );
    const cluster = ClusterIdentity.of('test-cluster');
    const [slowWriter, fastWriter] = [
      new HistoryStore({ db: dbs[0], cluster }),
      new HistoryStore({ db: dbs[1], cluster }),
    ];
    const bus = new LiveBus();
    const tailed: number[] = [];
    bus.subscribe((e) => void (e.event.type === 'run' && 'run' in e.event && tailed.push(e.event.run.id)));
    const follower = new HistoryStore({ db: dbs[2], cluster, bus });
    const stop = new AbortController();
    const tailing = follower.tail(stop.signal, { intervalMs: 20 });
    t.after(async () => {
      stop.abort();
      await tailing;
    });
    await new Promise((r) => setTimeout(r, 100)); // the tail has started following

    const slow = slowWriter.record(attempt('slow'), report);
    await new Promise((r) => setTimeout(r, 300)); // its id is taken, its commit a second away
    const fast = await fastWriter.record(attempt('fast'), report);
    const late = await slow;
    await new Promise((r) => setTimeout(r, 500)); // several tail reads after both committed

    assert.ok(late.id < fast.id, `the insert that started first has the lower id (${late.id} < ${fast.id})`);
    assert.deepEqual(tailed, [late.id, fast.id], 'the tail published both runs, in id order');
  },
);
