import { test } from 'node:test';
import assert from 'node:assert/strict';
import { register } from 'prom-client';
import { FakeClock } from './clock';
import type { ReconcileAttempt } from './controller';
import { WorkQueueController } from './controller';
import type { Outcome } from './outcome';
import { outcome, TerminalError } from './outcome';
import type { Trigger } from './triggers';

const resync: Trigger = { kind: 'resync' };

/** Lets promise callbacks and the workers run until `cond` holds (no wall-clock sleeps). */
async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (cond()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`never happened: ${what}`);
}

/** Lets everything that is ready run (a few event-loop turns). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}

async function metric(name: string, labels: string): Promise<number | undefined> {
  const text = await register.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

function harness(
  name: string,
  reconcile: (key: string, triggers: readonly Trigger[]) => Promise<Outcome> | Outcome,
  workers = 1,
) {
  const clock = new FakeClock();
  const runs: ReconcileAttempt[] = [];
  const ctrl = new WorkQueueController({
    name,
    clock,
    maxConcurrentReconciles: workers,
    reconcile: async (k, t) => reconcile(k, t),
    onRun: (r) => void runs.push(r),
  });
  const abort = new AbortController();
  const stopped = ctrl.start(abort.signal);
  return { clock, runs, ctrl, stop: async () => (abort.abort(), stopped) };
}

test('an error is retried with backoff and a retry trigger; success forgets; metrics count both', async () => {
  let calls = 0;
  const h = harness('t-retry', () => (++calls === 1 ? outcome.error(new Error('conflict')) : outcome.done()));
  h.ctrl.enqueue('default/a', resync);
  await until(() => h.runs.length === 1, 'first run');
  h.clock.advance(4);
  await settle();
  assert.equal(calls, 1, 'not before the 5 ms backoff');
  h.clock.advance(1);
  await until(() => h.runs.length === 2, 'retry run');
  assert.deepEqual(
    h.runs.map((r) => r.outcome.kind),
    ['error', 'done'],
  );
  assert.equal(h.runs[0]?.error, 'conflict');
  assert.deepEqual(h.runs[1]?.triggers, [{ kind: 'retry', attempt: 1, error: 'conflict' }]);
  assert.equal(h.ctrl.queue.numRequeues('default/a'), 0, 'success forgot the failures');
  await h.stop();
  assert.equal(await metric('controller_runtime_reconcile_total', 'controller="t-retry",result="error",cluster=""'), 1);
  assert.equal(
    await metric('controller_runtime_reconcile_total', 'controller="t-retry",result="success",cluster=""'),
    1,
  );
  assert.equal(await metric('controller_runtime_reconcile_errors_total', 'controller="t-retry",cluster=""'), 1);
  assert.equal(await metric('workqueue_retries_total', 'name="t-retry",controller="t-retry",cluster=""'), 1);
  assert.equal(await metric('workqueue_adds_total', 'name="t-retry",controller="t-retry",cluster=""'), 2);
  assert.equal(await metric('controller_runtime_max_concurrent_reconciles', 'controller="t-retry",cluster=""'), 1);
  assert.equal(await metric('controller_runtime_reconcile_time_seconds_count', 'controller="t-retry",cluster=""'), 2);
});

test('a terminal error (returned or thrown) is not retried', async () => {
  let calls = 0;
  const h = harness('t-terminal', (key) => {
    calls++;
    if (key === 'thrown') throw new TerminalError('spec.size must be positive');
    return outcome.terminal(new Error('bad spec'));
  });
  h.ctrl.enqueue('returned', resync);
  h.ctrl.enqueue('thrown', resync);
  await until(() => h.runs.length === 2, 'both runs');
  h.clock.advance(2_000_000);
  await settle();
  assert.equal(calls, 2);
  assert.deepEqual(
    h.runs.map((r) => [r.outcome.kind, r.error]),
    [
      ['terminal', 'bad spec'],
      ['terminal', 'spec.size must be positive'],
    ],
  );
  await h.stop();
  assert.equal(
    await metric('controller_runtime_terminal_reconcile_errors_total', 'controller="t-terminal",cluster=""'),
    2,
  );
});

test('a plain thrown exception counts as an error and is retried', async () => {
  let calls = 0;
  const h = harness('t-throw', () => {
    if (++calls === 1) throw new Error('socket hang up');
    return outcome.done();
  });
  h.ctrl.enqueue('k', resync);
  await until(() => h.runs.length === 1, 'first run');
  h.clock.advance(5);
  await until(() => h.runs.length === 2, 'retry');
  assert.equal(h.runs[0]?.outcome.kind, 'error');
  await h.stop();
});

test('requeueAfter runs the key again after the delay with a requeue trigger', async () => {
  let calls = 0;
  const h = harness('t-requeue', () => (++calls === 1 ? outcome.requeueAfter(30_000) : outcome.done()));
  h.ctrl.enqueue('k', resync);
  await until(() => h.runs.length === 1, 'first run');
  h.clock.advance(29_999);
  await settle();
  assert.equal(calls, 1);
  h.clock.advance(1);
  await until(() => h.runs.length === 2, 'requeued run');
  assert.deepEqual(h.runs[1]?.triggers, [{ kind: 'requeue', afterMs: 30_000 }]);
  await h.stop();
  assert.equal(
    await metric('controller_runtime_reconcile_total', 'controller="t-requeue",result="requeue_after",cluster=""'),
    1,
  );
});

test('with several workers a key never runs twice at once, other keys run in parallel', async () => {
  const running = new Set<string>();
  let maxParallel = 0;
  const releases: Array<() => void> = [];
  const h = harness(
    't-parallel',
    async (key) => {
      assert.ok(!running.has(key), `${key} ran concurrently`);
      running.add(key);
      maxParallel = Math.max(maxParallel, running.size);
      await new Promise<void>((r) => releases.push(r));
      running.delete(key);
      return outcome.done();
    },
    3,
  );
  h.ctrl.enqueue('a', resync);
  h.ctrl.enqueue('b', resync);
  await until(() => running.size === 2, 'a and b running');
  h.ctrl.enqueue('a', resync);
  h.ctrl.enqueue('a', resync);
  await settle();
  assert.equal(running.size, 2, 'the third worker does not take the busy key');
  while (h.runs.length < 3) {
    releases.splice(0).forEach((r) => r());
    await settle();
  }
  assert.equal(maxParallel, 2);
  assert.deepEqual(h.runs.map((r) => r.key).sort(), ['a', 'a', 'b']);
  assert.equal(h.runs.filter((r) => r.key === 'a')[1]?.triggers.length, 2, 'the two re-adds collapsed into one run');
  await h.stop();
});

test('stop waits for the reconcile in flight and its signal is aborted', async () => {
  let release: () => void = () => undefined;
  let sawAbort = false;
  const clock = new FakeClock();
  const ctrl = new WorkQueueController({
    name: 't-stop',
    clock,
    reconcile: async (_k, _t, signal) => {
      await new Promise<void>((r) => (release = r));
      sawAbort = signal.aborted;
      return outcome.done();
    },
  });
  const abort = new AbortController();
  let finished = false;
  const stopped = ctrl.start(abort.signal).then(() => (finished = true));
  ctrl.enqueue('k', resync);
  await settle();
  abort.abort();
  await settle();
  assert.equal(finished, false, 'still waiting for the reconcile');
  release();
  await stopped;
  assert.equal(sawAbort, true);
});
