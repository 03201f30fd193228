import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KRO_COUNTERS, metricSum, perEdit, reconcileCounters } from './reconcile-counters';

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

test("kro's counters: its instance controller's reconciles and time; no error counter, so n/a", () => {
  const kro = (n: number) => `dynamic_controller_reconcile_total{gvr="vskro-kro.example.com/v1alpha1/webapps"} ${n}
dynamic_controller_reconcile_duration_seconds_sum{gvr="vskro-kro.example.com/v1alpha1/webapps"} ${n / 100}
controller_runtime_reconcile_total{controller="resourcegraphdefinition",result="success"} 3
workqueue_adds_total{name="dynamic-controller-queue"} ${n}
`;
  const p = perEdit(reconcileCounters(kro(10), KRO_COUNTERS), reconcileCounters(kro(110), KRO_COUNTERS), 100);
  assert.equal(p.reconcilesPerEdit, 1, "the RGD controller's reconciles are not the instances'");
  assert.equal(p.meanReconcileMs, 10);
  assert.equal(p.addsPerEdit, 1);
  assert.ok(Number.isNaN(p.errorsPerEdit));
});
