import { test } from 'node:test';
import assert from 'node:assert/strict';
import { register } from 'prom-client';
import { FakeClock } from './clock';
import { prometheusQueueMetrics } from './metrics';
import { WorkQueue } from './workqueue';

async function lines(prefix: string): Promise<string[]> {
  return (await register.metrics()).split('\n').filter((l) => l.startsWith(prefix));
}

test('workqueue metrics use controller-runtime names and labels and follow the queue', async () => {
  const clock = new FakeClock();
  const q = new WorkQueue({
    name: 'm-queue',
    clock,
    metrics: prometheusQueueMetrics('m-queue', { now: () => clock.now() }),
  });
  q.add('a', { kind: 'resync' });
  q.add('a', { kind: 'resync' });
  q.add('b', { kind: 'resync' });
  assert.deepEqual(await lines('workqueue_depth{name="m-queue"'), [
    'workqueue_depth{name="m-queue",controller="m-queue",priority="",cluster=""} 2',
  ]);
  assert.deepEqual(await lines('workqueue_adds_total{name="m-queue"'), [
    'workqueue_adds_total{name="m-queue",controller="m-queue",cluster=""} 2',
  ]);
  clock.advance(1500);
  await q.get();
  clock.advance(2000);
  await q.get();
  clock.advance(1000);
  assert.deepEqual(await lines('workqueue_unfinished_work_seconds{name="m-queue"'), [
    'workqueue_unfinished_work_seconds{name="m-queue",controller="m-queue",cluster=""} 4',
  ]);
  assert.deepEqual(await lines('workqueue_longest_running_processor_seconds{name="m-queue"'), [
    'workqueue_longest_running_processor_seconds{name="m-queue",controller="m-queue",cluster=""} 3',
  ]);
  q.done('a');
  q.done('b');
  assert.deepEqual(await lines('workqueue_depth{name="m-queue"'), [
    'workqueue_depth{name="m-queue",controller="m-queue",priority="",cluster=""} 0',
  ]);
  // a waited 1.5 s, b 3.5 s: both in the 10 s bucket, neither in the 1 s bucket.
  assert.deepEqual(await lines('workqueue_queue_duration_seconds_bucket{le="1",name="m-queue"'), [
    'workqueue_queue_duration_seconds_bucket{le="1",name="m-queue",controller="m-queue",cluster=""} 0',
  ]);
  assert.deepEqual(await lines('workqueue_queue_duration_seconds_bucket{le="10",name="m-queue"'), [
    'workqueue_queue_duration_seconds_bucket{le="10",name="m-queue",controller="m-queue",cluster=""} 2',
  ]);
  assert.deepEqual(await lines('workqueue_work_duration_seconds_count{name="m-queue"'), [
    'workqueue_work_duration_seconds_count{name="m-queue",controller="m-queue",cluster=""} 2',
  ]);
  await q.shutDown();
});

test('a shut-down queue leaves no unfinished-work series behind', async () => {
  const clock = new FakeClock();
  const q = new WorkQueue({
    name: 'm-gone',
    clock,
    metrics: prometheusQueueMetrics('m-gone', { now: () => clock.now() }),
  });
  q.add('a', { kind: 'resync' });
  await q.get();
  clock.advance(2000);
  assert.deepEqual(await lines('workqueue_unfinished_work_seconds{name="m-gone"'), [
    'workqueue_unfinished_work_seconds{name="m-gone",controller="m-gone",cluster=""} 2',
  ]);
  const stopped = q.shutDown();
  q.done('a');
  await stopped;
  assert.deepEqual(await lines('workqueue_unfinished_work_seconds{name="m-gone"'), []);
});

test('one queue name in two clusters: series apart, and stopping one leaves the other’s unfinished work', async () => {
  const clock = new FakeClock();
  const queueIn = (cluster: string) =>
    new WorkQueue({
      name: 'm-twice',
      clock,
      metrics: prometheusQueueMetrics('m-twice', { cluster, now: () => clock.now() }),
    });
  const east = queueIn('east');
  const west = queueIn('west');
  east.add('a', { kind: 'resync' });
  west.add('a', { kind: 'resync' });
  west.add('b', { kind: 'resync' });
  assert.deepEqual(await lines('workqueue_depth{name="m-twice"'), [
    'workqueue_depth{name="m-twice",controller="m-twice",priority="",cluster="east"} 1',
    'workqueue_depth{name="m-twice",controller="m-twice",priority="",cluster="west"} 2',
  ]);
  await east.get();
  await west.get();
  clock.advance(3000);
  assert.deepEqual(await lines('workqueue_unfinished_work_seconds{name="m-twice"'), [
    'workqueue_unfinished_work_seconds{name="m-twice",controller="m-twice",cluster="east"} 3',
    'workqueue_unfinished_work_seconds{name="m-twice",controller="m-twice",cluster="west"} 3',
  ]);
  const eastStopped = east.shutDown();
  east.done('a');
  await eastStopped;
  assert.deepEqual(await lines('workqueue_unfinished_work_seconds{name="m-twice"'), [
    'workqueue_unfinished_work_seconds{name="m-twice",controller="m-twice",cluster="west"} 3',
  ]);
  west.done('a');
  await west.shutDown();
});
