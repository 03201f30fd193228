import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Backoff, backoffDelay } from './backoff';

test('the schedule doubles from 200 ms and stops at 30 s', () => {
  const delays = Array.from({ length: 10 }, (_, i) => backoffDelay(i));
  assert.deepEqual(delays, [200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 30_000, 30_000]);
});

test('a very long outage stays capped (no Infinity or NaN)', () => {
  assert.equal(backoffDelay(10_000), 30_000);
});

test('reset after a success starts the schedule again', () => {
  const b = new Backoff();
  assert.equal(b.next(), 200);
  assert.equal(b.next(), 400);
  b.reset();
  assert.equal(b.next(), 200);
  assert.equal(b.attempts, 1);
});

test('jitter only shortens the delay, within the given fraction', () => {
  const low = new Backoff({ jitter: 0.5 }, () => 1);
  const high = new Backoff({ jitter: 0.5 }, () => 0);
  assert.equal(low.next(), 100);
  assert.equal(high.next(), 200);
});
