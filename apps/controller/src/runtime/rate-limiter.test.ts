import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeClock } from './clock';
import {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialRateLimiter,
  MaxOfRateLimiter,
} from './rate-limiter';

test('per-item backoff doubles from 5 ms and is capped at 1000 s, even after very many failures', () => {
  const rl = new ItemExponentialRateLimiter();
  const delays = Array.from({ length: 20 }, () => rl.when('k'));
  assert.deepEqual(delays.slice(0, 4), [5, 10, 20, 40]);
  assert.equal(delays[17], 5 * 2 ** 17); // 655.36 s
  assert.equal(delays[18], 1_000_000);
  for (let i = 0; i < 2000; i++) rl.when('k');
  assert.equal(rl.when('k'), 1_000_000);
  assert.equal(rl.numRequeues('other'), 0, 'keys are independent');
  rl.forget('k');
  assert.equal(rl.when('k'), 5);
});

test('the bucket lets a burst through, then spaces retries at 1/qps, and refills with time', () => {
  const clock = new FakeClock();
  const rl = new BucketRateLimiter(10, 100, clock);
  for (let i = 0; i < 100; i++) assert.equal(rl.when(`k${i}`), 0);
  assert.equal(rl.when('a'), 100);
  assert.equal(rl.when('b'), 200);
  clock.advance(60_000); // refills to the burst, not beyond
  for (let i = 0; i < 100; i++) assert.equal(rl.when(`k${i}`), 0);
  assert.equal(rl.when('c'), 100);
});

test('the default controller limiter takes the slower of the two', () => {
  const clock = new FakeClock();
  const rl = defaultControllerRateLimiter(clock);
  assert.equal(rl.when('k'), 5);
  assert.equal(rl.numRequeues('k'), 1);
  const max = new MaxOfRateLimiter(new ItemExponentialRateLimiter(1000, 10_000), new ItemExponentialRateLimiter(5, 20));
  assert.equal(max.when('x'), 1000);
});

test('a key failing through an outage waits at most about as long as the outage after it ends (docs/design/0019)', () => {
  // Every retry of the key fails until the API server is back at `outageMs`; how long after that
  // does its pending retry run? The delays double, so the one pending is never longer than the
  // time already spent failing (plus the 5 ms base): outages shorter than the Lease's renew
  // deadline (10 s) cost under 10 s; longer ones end the leadership and drop the queue.
  const waitAfter = (outageMs: number) => {
    const clock = new FakeClock(0);
    const rl = defaultControllerRateLimiter(clock);
    let next = 0;
    while (next < outageMs) next += rl.when('k');
    return next - outageMs;
  };
  for (const outageMs of [100, 1000, 5000, 9_900, 60_000])
    assert.ok(waitAfter(outageMs) <= outageMs + 5, `${outageMs} ms outage → ${waitAfter(outageMs)} ms`);
  assert.ok(waitAfter(9_900) < 10_000);
  assert.ok(waitAfter(60_000) > 10_000, 'a minute-long outage would overshoot the bound without the queue reset');
});
