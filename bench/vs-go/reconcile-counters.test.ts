import { test } from 'node:test';
import assert from 'node:assert/strict';
import { metricSum, perEdit, reconcileCounters } from './reconcile-counters';

const text = (reconciles: number, seconds: number) => `# HELP controller_runtime_reconcile_total Total reconciliations
# TYPE controller_runtime_reconcile_total counter
controller_runtime_reconcile_total{controller="memcached",result="success"} ${reconciles}
controller_runtime_reconcile_total{controller="memcached",result="error"} 1
controller_runtime_reconcile_errors_total{controller="memcached"} ${reconciles / 10}
controller_runtime_reconcile_time_seconds_sum{controller="memcached"} ${seconds}
workqueue_adds_total{controller="memcached",name="memcached"} ${reconciles + 1}
workqueue_queue_duration_seconds_sum{name="memcached"} ${seconds / 2}
workqueue_queue_duration_seconds_count{name="memcached"} ${reconciles + 1}
`;

test('a metric is summed over its series, never over another metric sharing its prefix', () => {
  assert.equal(metricSum(text(10, 1), 'controller_runtime_reconcile_total'), 11);
  assert.equal(metricSum('go_goroutines 42\n', 'go_goroutines'), 42);
  assert.equal(metricSum('', 'go_goroutines'), 0);
});

test('per edit: the work an edit caused, the mean reconcile and the mean wait in the queue', () => {
  const before = reconcileCounters(text(10, 1));
  const after = reconcileCounters(text(160, 4));
  const p = perEdit(before, after, 100);
  assert.equal(p.reconcilesPerEdit, 1.5);
  assert.equal(p.addsPerEdit, 1.5);
  assert.equal(p.errorsPerEdit, 0.15, 'failed reconciles per edit: a side whose writes fail does less work');
  assert.equal(p.meanReconcileMs, 20);
  assert.equal(p.meanQueueWaitMs, 10);
  assert.ok(Number.isNaN(perEdit(before, before, 100).meanReconcileMs), 'no reconcile: no mean');
});
