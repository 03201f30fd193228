import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dashboardExpressions, promqlMetricNames } from './promql-names';

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
