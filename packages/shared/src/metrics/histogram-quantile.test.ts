import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bucketIncrease, histogramQuantile } from './histogram-quantile';

const buckets = (...pairs: [number, number][]) => pairs.map(([le, count]) => ({ le, count }));

test('interpolates linearly inside the bucket the rank falls in, as PromQL does', () => {
  // 10 observations: 4 ≤ 0.1, 8 ≤ 0.2, 10 ≤ 0.5. p50 → rank 5, in (0.1, 0.2]: 0.1 + 0.1 × (5−4)/4
  const h = buckets([0.1, 4], [0.2, 8], [0.5, 10], [Infinity, 10]);
  assert.ok(Math.abs((histogramQuantile(0.5, h) ?? NaN) - 0.125) < 1e-12);
  // p99 → rank 9.9, in (0.2, 0.5]: 0.2 + 0.3 × 1.9/2
  assert.ok(Math.abs((histogramQuantile(0.99, h) ?? NaN) - 0.485) < 1e-12);
});

test('the lowest bucket starts at zero', () => {
  assert.equal(histogramQuantile(0.5, buckets([0.1, 10], [Infinity, 10])), 0.05);
});

test('a rank in the +Inf bucket answers with the highest finite bound', () => {
  assert.equal(histogramQuantile(0.99, buckets([0.1, 1], [0.2, 1], [Infinity, 10])), 0.2);
});

test('no observations, no +Inf bucket or one bucket: no answer (PromQL: NaN)', () => {
  assert.equal(histogramQuantile(0.5, buckets([0.1, 0], [Infinity, 0])), null);
  assert.equal(histogramQuantile(0.5, buckets([0.1, 3], [0.2, 3])), null);
  assert.equal(histogramQuantile(0.5, buckets([Infinity, 3])), null);
});

test('bucket order in the input does not matter', () => {
  const h = buckets([Infinity, 10], [0.5, 10], [0.1, 4], [0.2, 8]);
  assert.ok(Math.abs((histogramQuantile(0.5, h) ?? NaN) - 0.125) < 1e-12);
});

test('bucketIncrease subtracts bucket by bucket; a reset counts from zero', () => {
  const before = buckets([0.1, 2], [Infinity, 3]);
  assert.deepEqual(bucketIncrease(before, buckets([0.1, 5], [Infinity, 7])), buckets([0.1, 3], [Infinity, 4]));
  assert.deepEqual(bucketIncrease(before, buckets([0.1, 1], [Infinity, 1])), buckets([0.1, 1], [Infinity, 1]));
});
