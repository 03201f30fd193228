import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controllerSeries, totalRate } from './controller-series';
import type { ControllerSample } from './controller-series';
import { Ring } from './ring';

function sample(at: number, success: number, error: number, fast: number, slow: number, depth = 0, retries = 0) {
  return {
    at,
    reconciles: { success, error, requeue: 0, requeue_after: 0 },
    // `fast` runs took ≤ 0.01 s, `slow` ones ≤ 1 s
    durationBuckets: [
      { le: 0.01, count: fast },
      { le: 1, count: fast + slow },
      { le: Infinity, count: fast + slow },
    ],
    depth,
    retries,
  } satisfies ControllerSample;
}

test('rates are counter increases over the interval, by result', () => {
  const [p] = controllerSeries([sample(0, 10, 1, 0, 0), sample(5000, 20, 6, 0, 0, 3, 5)]);
  assert.equal(p?.at, 5000);
  assert.equal(p?.reconcilesPerSecond.success, 2);
  assert.equal(p?.reconcilesPerSecond.error, 1);
  assert.equal(p?.reconcilesPerSecond.requeue, 0);
  assert.equal(p?.retriesPerSecond, 1);
  assert.equal(p?.depth, 3);
  assert.equal(p && totalRate(p), 3);
});

test('quantiles come from the runs that finished in the interval only', () => {
  // 100 fast runs long ago; in the interval: 1 fast, 9 slow → p50 and p99 in the slow bucket
  const [p] = controllerSeries([sample(0, 100, 0, 100, 0), sample(5000, 110, 0, 101, 9)]);
  assert.ok(p?.p50Seconds !== null && p?.p50Seconds !== undefined && p.p50Seconds > 0.01);
  assert.ok(p?.p99Seconds !== null && p?.p99Seconds !== undefined && p.p99Seconds > p.p50Seconds);
});

test('an interval without reconciles has rate 0 and no quantile', () => {
  const [p] = controllerSeries([sample(0, 5, 0, 5, 0), sample(5000, 5, 0, 5, 0)]);
  assert.equal(p && totalRate(p), 0);
  assert.equal(p?.p50Seconds, null);
});

test('a counter reset (a restarted process) counts from zero, never negative', () => {
  const [p] = controllerSeries([sample(0, 50, 0, 50, 0), sample(5000, 5, 0, 5, 0)]);
  assert.equal(p?.reconcilesPerSecond.success, 1);
});

test('n samples make n−1 points, oldest first', () => {
  assert.deepEqual(
    controllerSeries([sample(0, 0, 0, 0, 0), sample(5000, 1, 0, 1, 0), sample(10000, 1, 0, 1, 0)]).map((p) => p.at),
    [5000, 10000],
  );
  assert.deepEqual(controllerSeries([sample(0, 0, 0, 0, 0)]), []);
});

test('the ring keeps the newest `capacity` items, oldest first', () => {
  const ring = new Ring<number>(3);
  assert.deepEqual(ring.toArray(), []);
  for (const n of [1, 2]) ring.push(n);
  assert.deepEqual(ring.toArray(), [1, 2]);
  for (const n of [3, 4, 5]) ring.push(n);
  assert.deepEqual(ring.toArray(), [3, 4, 5]);
  assert.throws(() => new Ring(0), RangeError);
});
