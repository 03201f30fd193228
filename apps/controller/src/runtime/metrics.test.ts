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
  const q = new WorkQueue({ name: 'm-queue', clock, metrics: prometheusQueueMetrics('m-queue', () => clock.now()) });
  q.add('a', { kind: 'resync' });
  q.add('a', { kind: 'resync' });
  q.add('b', { kind: 'resync' });
  assert.deepEqual(await lines('workqueue_depth{name="m-queue"'), [
    'workqueue_depth{name="m-queue",controller="m-queue",priority=""} 2',
  ]);
  assert.deepEqual(await lines('workqueue_adds_total{name="m-queue"'), [
    'workqueue_adds_total{name="m-queue",controller="m-queue"} 2',
  ]);
  clock.advance(1500);
  await q.get();
  clock.advance(2000);
  await q.get();
  clock.advance(1000);
  assert.deepEqual(await lines('workqueue_unfinished_work_seconds{name="m-queue"'), [
    'workqueue_unfinished_work_seconds{name="m-queue",controller="m-queue"} 4',
  ]);
  assert.deepEqual(await lines('workqueue_longest_running_processor_seconds{name="m-queue"'), [
    'workqueue_longest_running_processor_seconds{name="m-queue",controller="m-queue"} 3',
  ]);
  q.done('a');
  q.done('b');
  assert.deepEqual(await lines('workqueue_depth{name="m-queue"'), [
    'workqueue_depth{name="m-queue",controller="m-queue",priority=""} 0',
  ]);
  // a waited 1.5 s, b 3.5 s: both in the 10 s bucket, neither in the 1 s bucket.
  assert.deepEqual(await lines('workqueue_queue_duration_seconds_bucket{le="1",name="m-queue"'), [
    'workqueue_queue_duration_seconds_bucket{le="1",name="m-queue",controller="m-queue"} 0',
  ]);
  assert.deepEqual(await lines('workqueue_queue_duration_seconds_bucket{le="10",name="m-queue"'), [
    'workqueue_queue_duration_seconds_bucket{le="10",name="m-queue",controller="m-queue"} 2',
  ]);
  assert.deepEqual(await lines('workqueue_work_duration_seconds_count{name="m-queue"'), [
    'workqueue_work_duration_seconds_count{name="m-queue",controller="m-queue"} 2',
  ]);
  await q.shutDown();
});

test('a shut-down queue leaves no unfinished-work series behind', async () => {
  const clock = new FakeClock();
  const q = new WorkQueue({ name: 'm-gone', clock, metrics: prometheusQueueMetrics('m-gone', () => clock.now()) });
  q.add('a', { kind: 'resync' });
  await q.get();
  clock.advance(2000);
  assert.deepEqual(await lines('workqueue_unfinished_work_seconds{name="m-gone"'), [
    'workqueue_unfinished_work_seconds{name="m-gone",controller="m-gone"} 2',
  ]);
  const stopped = q.shutDown();
  q.done('a');
  await stopped;
  assert.deepEqual(await lines('workqueue_unfinished_work_seconds{name="m-gone"'), []);
});
