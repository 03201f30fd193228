// The sign-in rate limit: failed attempts counted per account and per client address in a
// sliding window. A blocked attempt is refused before the password is even hashed, so guessing
// costs the attacker time, not the server CPU. `attempt` counts an attempt as failed the moment it
// is allowed (before any await), so 40 parallel guesses cannot all pass the check while the first
// ones are still hashing; a right password then takes its count back. In memory: one controller process answers a
// given browser's sign-ins; replicas each keep their own count (docs/security.md, open points).

export interface RateLimitOptions {
  /** Failed attempts allowed per account within the window. */
  readonly perAccount: number;
  /** Failed attempts allowed per client address within the window. */
  readonly perAddress: number;
  readonly windowMs: number;
  /** Bound on remembered keys, so a flood of made-up names cannot grow memory without end. */
  readonly maxKeys: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
  maxKeys: 10_000,
};

export type RateRefusal = {
  readonly allowed: false;
  readonly retryAfterMs: number;
  readonly reason: 'account' | 'address';
};
export type RateDecision = { readonly allowed: true } | RateRefusal;
/** An allowed attempt, already counted as a failure; `succeeded()` when the password was right. */
export type Attempt = { readonly allowed: true; readonly succeeded: () => void } | RateRefusal;

class FailureWindow {
  private readonly failures = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** Milliseconds until one more attempt is allowed, 0 when allowed now. */
  wait(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? now;
    return Math.max(1, oldest + this.windowMs - now);
  }

  add(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.delete(key); // re-insert: Map order is then least recently failed first
    this.failures.set(key, recent);
    if (this.failures.size > this.maxKeys) this.evict(now);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  /** Takes back the one failure recorded at `at` (an attempt that turned out right). */
  remove(key: string, at: number): void {
    const times = this.failures.get(key);
    const i = times?.lastIndexOf(at) ?? -1;
    if (i >= 0) times?.splice(i, 1);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }

  private evict(now: number): void {
    for (const [key, times] of this.failures) {
      if (times.every((t) => t <= now - this.windowMs)) this.failures.delete(key);
    }
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.maxKeys) break;
      this.failures.delete(key);
    }
  }
}

export class LoginRateLimiter {
  private readonly accounts: FailureWindow;
  private readonly addresses: FailureWindow;

  constructor(opts: Partial<RateLimitOptions> = {}) {
    const o = { ...DEFAULT_RATE_LIMIT, ...opts };
    this.accounts = new FailureWindow(o.perAccount, o.windowMs, o.maxKeys);
    this.addresses = new FailureWindow(o.perAddress, o.windowMs, o.maxKeys);
  }

  check(account: string, address: string, now: number): RateDecision {
    const byAddress = this.addresses.wait(address, now);
    if (byAddress > 0) return { allowed: false, retryAfterMs: byAddress, reason: 'address' };
    const byAccount = this.accounts.wait(account, now);
    if (byAccount > 0) return { allowed: false, retryAfterMs: byAccount, reason: 'account' };
    return { allowed: true };
  }

  /**
   * Synchronous check-and-count: call it before awaiting anything for this attempt. A right
   * password (`succeeded`) forgets the account's failures; the address keeps its earlier ones.
   */
  attempt(account: string, address: string, now: number): Attempt {
    const decision = this.check(account, address, now);
    if (!decision.allowed) return decision;
    this.recordFailure(account, address, now);
    return {
      allowed: true,
      succeeded: () => {
        this.accounts.clear(account);
        this.addresses.remove(address, now);
      },
    };
  }

  recordFailure(account: string, address: string, now: number): void {
    this.accounts.add(account, now);
    this.addresses.add(address, now);
  }
}
