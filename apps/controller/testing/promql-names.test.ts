import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dashboardExpressions, dashboardLabelUses, promqlLabelUses, promqlMetricNames } from './promql-names';

test('metric names of PromQL expressions', () => {
  assert.deepEqual(
    promqlMetricNames(
      'histogram_quantile(0.99, sum by (controller, le) (rate(controller_runtime_reconcile_time_seconds_bucket{controller=~"$controller", x="a{b}"}[$__rate_interval])))',
    ),
    ['controller_runtime_reconcile_time_seconds_bucket'],
  );
  assert.deepEqual(promqlMetricNames('max by (instance, name) (leader_election_master_status)'), [
    'leader_election_master_status',
  ]);
  assert.deepEqual(promqlMetricNames('a_total / on (job) group_left(x) b unless c offset 5m'), ['a_total', 'b', 'c']);
  assert.deepEqual(promqlMetricNames('sum(rate(x[1m])) > bool 0.5'), ['x']);
});

test('expressions of a dashboard: targets, rows and label_values variables', () => {
  const exprs = dashboardExpressions({
    panels: [{ targets: [{ expr: 'a' }] }, { type: 'row', panels: [{ targets: [{ expr: 'b{x="1"}' }] }] }],
    templating: {
      list: [
        { type: 'query', query: { query: 'label_values(c{job=~"$job"}, controller)' } },
        { type: 'datasource', query: 'prometheus' },
      ],
    },
  });
  assert.deepEqual(exprs, ['a', 'b{x="1"}', 'c{job=~"$job"}']);
});

test('labels an expression filters and groups by, per metric', () => {
  assert.deepEqual(
    promqlLabelUses(
      'histogram_quantile(0.99, sum by (cluster, le) (rate(a_bucket{controller=~"$c", x!="{y=1}"}[5m]))) / sum(b{z="1"})',
    ),
    [
      { metric: 'a_bucket', label: 'controller' },
      { metric: 'a_bucket', label: 'x' },
      { metric: 'b', label: 'z' },
      { metric: 'a_bucket', label: 'cluster' },
      { metric: 'b', label: 'cluster' },
      { metric: 'a_bucket', label: 'le' },
      { metric: 'b', label: 'le' },
    ],
  );
  assert.deepEqual(promqlLabelUses('sum(rate(x[1m]))'), []);
});

test('labels a dashboard reads: targets and the label of label_values variables', () => {
  const uses = dashboardLabelUses({
    panels: [{ targets: [{ expr: 'max by (name) (a{cluster=~"$cluster"})' }] }],
    templating: { list: [{ type: 'query', query: 'label_values(c{job=~"$job"}, cluster)' }] },
  });
  assert.deepEqual(uses, [
    { metric: 'a', label: 'cluster' },
    { metric: 'a', label: 'name' },
    { metric: 'c', label: 'job' },
    { metric: 'c', label: 'cluster' },
  ]);
});
