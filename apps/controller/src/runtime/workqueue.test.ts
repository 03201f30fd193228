import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock } from './clock';
import type { Trigger } from './triggers';
import { WorkQueue } from './workqueue';

const watch = (rv: string, eventType: 'ADDED' | 'MODIFIED' | 'DELETED' = 'MODIFIED'): Trigger => ({
  kind: 'watch',
  eventType,
  resourceVersion: rv,
  object: { kind: 'Memcached', name: 'a', namespace: 'default' },
});

function setup(): { clock: FakeClock; q: WorkQueue } {
  const clock = new FakeClock();
  return { clock, q: new WorkQueue({ name: 'test', clock }) };
}

/** The next item if one is ready now, else undefined (get() would wait). */
async function tryGet(q: WorkQueue) {
  return q.length > 0 ? q.get() : undefined;
}

test('repeated adds of a waiting key collapse into one run that carries every trigger', async () => {
  const { q } = setup();
  q.add('default/a', watch('1', 'ADDED'));
  q.add('default/a', watch('2'));
  q.add('default/b', { kind: 'resync' });
  q.add('default/a', watch('3'));
  assert.equal(q.length, 2);
  const first = await q.get();
  assert.equal(first?.key, 'default/a');
  assert.deepEqual(
    first?.triggers.map((t) => (t.kind === 'watch' ? t.resourceVersion : t.kind)),
    ['1', '2', '3'],
  );
  assert.equal((await q.get())?.key, 'default/b');
  assert.equal(q.length, 0);
});

test('a key re-added while processing is not handed to a second worker, and runs once more after done', async () => {
  const { q } = setup();
  q.add('k', watch('1'));
  const item = await q.get();
  assert.equal(item?.key, 'k');
  q.add('k', watch('2'));
  q.add('k', watch('3'));
  assert.equal(q.length, 0, 'held back while processing');
  let second: string | undefined;
  const waiting = q.get().then((i) => (second = i?.key));
  await Promise.resolve();
  assert.equal(second, undefined, 'a waiting worker does not get the busy key');
  q.done('k');
  await waiting;
  assert.equal(second, 'k');
  q.done('k');
  assert.equal(await tryGet(q), undefined, 'exactly one more run');
});

test('the re-run after done carries only the triggers that arrived during processing', async () => {
  const { q } = setup();
  q.add('k', watch('1'));
  await q.get();
  q.add('k', {
    kind: 'owned',
    eventType: 'MODIFIED',
    resourceVersion: '7',
    object: { kind: 'Deployment', name: 'a', namespace: 'default' },
  });
  q.done('k');
  const again = await q.get();
  assert.deepEqual(
    again?.triggers.map((t) => t.kind),
    ['owned'],
  );
});

test('addAfter holds a key until its time; the earlier of two delays wins and both triggers arrive', async () => {
  const { clock, q } = setup();
  q.addAfter('k', 1000, { kind: 'requeue', afterMs: 1000 });
  q.addAfter('k', 300, { kind: 'requeue', afterMs: 300 });
  clock.advance(299);
  assert.equal(q.length, 0);
  clock.advance(1);
  assert.equal(q.length, 1);
  const item = await q.get();
  assert.deepEqual(item?.triggers, [
    { kind: 'requeue', afterMs: 1000 },
    { kind: 'requeue', afterMs: 300 },
  ]);
  q.done('k');
  clock.advance(5000);
  assert.equal(q.length, 0, 'the later delay was folded into the earlier one');
});

test('addRateLimited backs off 5 ms, 10 ms, 20 ms … per key, and forget starts again', async () => {
  const { clock, q } = setup();
  const delays: number[] = [];
  for (let i = 0; i < 4; i++) {
    q.addRateLimited('k', 'boom');
    let waited = 0;
    while (q.length === 0) {
      clock.advance(1);
      waited += 1;
    }
    delays.push(waited);
    const item = await q.get();
    assert.deepEqual(item?.triggers, [{ kind: 'retry', attempt: i + 1, error: 'boom' }]);
    q.done('k');
  }
  assert.deepEqual(delays, [5, 10, 20, 40]);
  q.forget('k');
  assert.equal(q.numRequeues('k'), 0);
  q.addRateLimited('k', 'boom');
  clock.advance(4);
  assert.equal(q.length, 0);
  clock.advance(1);
  assert.equal(q.length, 1);
});

test('the overall bucket delays retries past a burst of 100 at 10 per second', () => {
  const { clock, q } = setup();
  for (let i = 0; i < 100; i++) q.addRateLimited(`k${i}`, 'x');
  clock.advance(5);
  assert.equal(q.length, 100, 'the burst passes with only the per-key 5 ms');
  q.addRateLimited('k100', 'x');
  q.addRateLimited('k101', 'x');
  clock.advance(99 - 5);
  assert.equal(q.length, 100);
  clock.advance(1);
  assert.equal(q.length, 101, 'the 101st waits 100 ms');
  clock.advance(100);
  assert.equal(q.length, 102, 'the 102nd waits 200 ms');
});

test('first adds are never rate limited', () => {
  const { q } = setup();
  for (let i = 0; i < 500; i++) q.add(`k${i}`, { kind: 'resync' });
  assert.equal(q.length, 500);
});

test('shutDown wakes idle workers, drops waiting keys and resolves only when processing keys are done', async () => {
  const { clock, q } = setup();
  q.add('busy', watch('1'));
  await q.get();
  q.add('waiting', watch('2'));
  q.addAfter('later', 100, { kind: 'requeue', afterMs: 100 });
  let drained = false;
  const shut = q.shutDown().then(() => (drained = true));
  assert.equal(await q.get(), undefined, 'the waiting key is dropped');
  q.add('new', watch('3'));
  clock.advance(200);
  assert.equal(q.length, 0, 'no adds after shutdown, delayed keys cancelled');
  await Promise.resolve();
  assert.equal(drained, false);
  q.done('busy');
  await shut;
  assert.equal(drained, true);
});

test('an idle worker blocked in get() is woken by shutDown', async () => {
  const { q } = setup();
  const pending = q.get();
  await q.shutDown();
  assert.equal(await pending, undefined);
});

test('triggers beyond the cap are counted, not kept', async () => {
  const clock = new FakeClock();
  const q = new WorkQueue({ name: 'cap', clock, maxTriggersPerRun: 3 });
  for (let i = 0; i < 10; i++) q.add('k', watch(String(i)));
  const item = await q.get();
  assert.equal(item?.triggers.length, 3);
  assert.equal(item?.droppedTriggers, 7);
});
