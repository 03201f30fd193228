// How long a failed key waits before it runs again, with client-go's default controller rate
// limiter: the slower of a per-key exponential backoff (5 ms · 2^failures, capped at 1000 s) and
// an overall token bucket (10 per second, burst 100) shared by all keys. The bucket keeps a
// flood of failing keys from hammering the API server; the per-key part backs off one bad object.
// As in controller-runtime, these apply to retries only; first adds are never delayed.
import type { Clock } from './clock';
import { realClock } from './clock';

export interface RateLimiter {
  /** The delay before `key`'s next retry; counts a failure. */
  when(key: string): number;
  /** Clears `key`'s failure count (after a success). */
  forget(key: string): void;
  /** Consecutive failures recorded for `key`. */
  numRequeues(key: string): number;
}

export class ItemExponentialRateLimiter implements RateLimiter {
  private readonly failures = new Map<string, number>();
  constructor(
    private readonly baseMs = 5,
    private readonly maxMs = 1_000_000,
  ) {}

  when(key: string): number {
    const exp = this.failures.get(key) ?? 0;
    this.failures.set(key, exp + 1);
    const delay = this.baseMs * 2 ** exp;
    // 2^exp overflows to Infinity after ~1000 failures; the cap also covers that.
    return Number.isFinite(delay) && delay < this.maxMs ? delay : this.maxMs;
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  numRequeues(key: string): number {
    return this.failures.get(key) ?? 0;
  }
}

/**
 * A token bucket with reservations, like golang.org/x/time/rate's `Reserve().Delay()`: every call
 * takes a token, borrowing from the future when the bucket is empty, so the n-th call past the
 * burst waits n/qps seconds.
 */
export class BucketRateLimiter implements RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly qps = 10,
    private readonly burst = 100,
    private readonly clock: Clock = realClock,
  ) {
    this.tokens = burst;
    this.last = clock.now();
  }

  when(_key: string): number {
    const now = Math.max(this.clock.now(), this.last);
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.qps);
    this.last = now;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens / this.qps) * 1000;
  }

  forget(_key: string): void {}

  numRequeues(_key: string): number {
    return 0;
  }
}

/** The longest delay of several limiters; failures are counted by each. */
export class MaxOfRateLimiter implements RateLimiter {
  private readonly limiters: readonly RateLimiter[];
  constructor(...limiters: RateLimiter[]) {
    this.limiters = limiters;
  }

  when(key: string): number {
    return Math.max(0, ...this.limiters.map((l) => l.when(key)));
  }

  forget(key: string): void {
    for (const l of this.limiters) l.forget(key);
  }

  numRequeues(key: string): number {
    return Math.max(0, ...this.limiters.map((l) => l.numRequeues(key)));
  }
}

/** client-go's DefaultTypedControllerRateLimiter. */
export function defaultControllerRateLimiter(clock: Clock = realClock): RateLimiter {
  return new MaxOfRateLimiter(new ItemExponentialRateLimiter(5, 1_000_000), new BucketRateLimiter(10, 100, clock));
}
