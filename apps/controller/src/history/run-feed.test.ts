// The run feed over an in-memory table: which path publishes a run, and that every bus carries
// every run once across a hand-over of the lead in either direction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RunFeed } from './run-feed';

interface Run {
  readonly id: number;
}

/** One shared table (ids in commit order, as SQLite allocates them). */
class Table {
  readonly rows: Run[] = [];
  private lastId = 0;
  /** Runs once before the next read returns (a commit landing while a read is in flight). */
  beforeReadReturns: (() => void) | undefined;

  insert(): Run {
    const run = { id: ++this.lastId };
    this.rows.push(run);
    return run;
  }

  async read(afterId: number, limit: number): Promise<Run[]> {
    const rows = this.rows.filter((r) => r.id > afterId).slice(0, limit);
    const hook = this.beforeReadReturns;
    this.beforeReadReturns = undefined;
    hook?.();
    return Promise.resolve(rows);
  }
}

/** One replica: its feed and the ids its bus carried. */
function replica(table: Table, pageSize?: number) {
  const bus: number[] = [];
  const feed = new RunFeed<Run>({
    read: (after, limit) => table.read(after, limit),
    publish: (r) => void bus.push(r.id),
    ...(pageSize !== undefined ? { pageSize } : {}),
  });
  const record = () => feed.recorded(table.insert());
  return { bus, feed, record };
}

test('without a tail every run recorded here is published at once', () => {
  const table = new Table();
  const a = replica(table);
  a.record();
  a.record();
  assert.equal(a.feed.mode, 'direct');
  assert.deepEqual(a.bus, [1, 2]);
});

test('a follower publishes the runs stored after it started following, once each', async () => {
  const table = new Table();
  const leader = replica(table);
  leader.record(); // before the follower started: in the snapshot, not on its bus
  const follower = replica(table, 2);
  follower.feed.follow(1);
  for (let i = 0; i < 5; i++) leader.record();
  await follower.feed.tick(false);
  assert.deepEqual(follower.bus, [2, 3], 'one page per tick');
  await follower.feed.tick(false);
  await follower.feed.tick(false);
  await follower.feed.tick(false);
  assert.deepEqual(follower.bus, [2, 3, 4, 5, 6]);
});

test('a run recorded while following is left to the tail, which publishes it once', async () => {
  const table = new Table();
  const a = replica(table);
  a.feed.follow(0);
  a.record();
  assert.deepEqual(a.bus, [], 'not published by record');
  await a.feed.tick(false);
  await a.feed.tick(false);
  assert.deepEqual(a.bus, [1]);
});

test('becoming leader drains the table beyond the cursor, then publishes only its own runs, directly', async () => {
  const table = new Table();
  const old = replica(table);
  const b = replica(table, 2);
  b.feed.follow(0);
  old.record();
  await b.feed.tick(false);
  old.record(); // the previous leader's last runs, stored just before the hand-over
  old.record();
  old.record();
  b.record(); // this replica's first run as leader, before its tail saw the Lease
  await b.feed.tick(true);
  assert.equal(b.feed.mode, 'leading');
  assert.deepEqual(b.bus, [1, 2, 3, 4, 5], 'the drain reads every page');
  b.record();
  await b.feed.tick(true);
  assert.deepEqual(b.bus, [1, 2, 3, 4, 5, 6]);
});

test('a run recorded here while the last drain read is in flight is still published once', async () => {
  const table = new Table();
  const b = replica(table);
  b.feed.follow(0);
  // commits after the read's snapshot, and is left to the tail before the read returns empty
  table.beforeReadReturns = () => b.record();
  await b.feed.tick(true);
  assert.deepEqual(b.bus, [1], 'the drain went on until it had read the run it was left');
  assert.equal(b.feed.mode, 'leading');
  b.record();
  assert.deepEqual(b.bus, [1, 2]);
});

test('a run left to the tail and deleted before the drain read it does not hold the hand-over up', async () => {
  const table = new Table();
  const b = replica(table);
  b.feed.follow(0);
  b.record();
  table.rows.length = 0; // pruned, or the table emptied under us
  await b.feed.tick(true);
  assert.equal(b.feed.mode, 'leading');
  b.record();
  assert.deepEqual(b.bus, [2]);
});

test('losing the lead reopens the tail after the newest id seen: new and late runs arrive once', async () => {
  const table = new Table();
  const a = replica(table);
  a.feed.follow(0);
  await a.feed.tick(true);
  a.record();
  a.record();
  await a.feed.tick(false); // lost the Lease
  assert.equal(a.feed.mode, 'following');
  a.record(); // a reconcile that was in flight finishes after the switch
  const b = replica(table);
  b.record(); // the new leader (its bus without a tail, for the test)
  await a.feed.tick(false);
  await a.feed.tick(false);
  assert.deepEqual(a.bus, [1, 2, 3, 4]);
});

test('two replicas, the lead going back and forth: each bus carries every run once, in id order', async () => {
  const table = new Table();
  const [a, b] = [replica(table, 3), replica(table, 3)];
  a.feed.follow(0);
  b.feed.follow(0);
  let leader = a;
  const tickBoth = async () => {
    await a.feed.tick(leader === a);
    await b.feed.tick(leader === b);
  };
  for (let round = 0; round < 6; round++) {
    for (let i = 0; i < 4; i++) {
      leader.record();
      if (i % 2 === 0) await tickBoth();
    }
    const previous = leader;
    leader = leader === a ? b : a;
    previous.record(); // the former leader's last run, stored after the hand-over
    await tickBoth();
  }
  await tickBoth();
  await tickBoth();
  const all = table.rows.map((r) => r.id);
  assert.deepEqual(a.bus, all);
  assert.deepEqual(b.bus, all);
});
