import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ControllerPoint } from '@opstudio/shared/metrics/index';
import { charts, latestText, recentPeak, timeDomain, valueText } from './chart-data';

const point = (at: number, success: number, p50: number | null = null): ControllerPoint => ({
  at,
  reconcilesPerSecond: { success, error: 0, requeue: 0, requeue_after: 0.1 },
  p50Seconds: p50,
  p99Seconds: p50,
  depth: 2,
  retriesPerSecond: 0,
});
const spec = (id: string) => charts.find((c) => c.id === id) ?? assert.fail(id);

test('four charts: reconciles by result, p50/p99, depth, retries', () => {
  assert.deepEqual(
    charts.map((c) => [c.id, c.series.map((s) => s.key)]),
    [
      ['reconciles', ['success', 'error', 'requeue', 'requeue_after']],
      ['duration', ['p50', 'p99']],
      ['depth', ['depth']],
      ['retries', ['retries']],
    ],
  );
  assert.ok(charts.every((c) => c.series.every((s) => s.color.startsWith('var(--'))));
});

test('the text alternative says the latest values in words', () => {
  assert.equal(latestText(spec('reconciles'), []), 'no samples yet');
  assert.equal(
    latestText(spec('reconciles'), [point(0, 5), point(5000, 0.4)]),
    'latest: success 0.40/s, error 0.00/s, requeue 0.00/s, requeue_after 0.10/s',
  );
  assert.equal(latestText(spec('duration'), [point(0, 1, null)]), 'latest: p50 –, p99 –');
  assert.equal(valueText(0.0123, 'seconds'), '12 ms');
  assert.equal(valueText(2.5, 'seconds'), '2.50 s');
});

test('the recent peak looks only at the last minute; reconciles add up the results', () => {
  const now = 200_000;
  const points = [point(now - 120_000, 9), point(now - 30_000, 0.3), point(now, 0)];
  assert.ok(Math.abs(recentPeak(spec('reconciles'), points, now) - 0.4) < 1e-9);
  assert.equal(recentPeak(spec('retries'), points, now), 0);
  assert.equal(recentPeak(spec('reconciles'), [], now), 0);
});

test('the time axis covers the window, or the younger history, at least two minutes', () => {
  const now = 1_000_000;
  const window = 900_000;
  assert.deepEqual(timeDomain([point(now - 950_000, 0), point(now, 0)], now, window), [now - window, now]);
  assert.deepEqual(timeDomain([point(now - 300_000, 0), point(now, 0)], now, window), [now - 300_000, now]);
  assert.deepEqual(timeDomain([point(now - 30_000, 0)], now, window), [now - 120_000, now]);
  assert.deepEqual(timeDomain([], now, window), [now - 120_000, now]);
});
