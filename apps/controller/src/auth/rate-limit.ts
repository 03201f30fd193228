// The sign-in rate limit: failed attempts counted per account and per client address in a
// sliding window. A blocked attempt is refused before the password is even hashed, so guessing
// costs the attacker time, not the server CPU. In memory: one controller process answers a
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

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000, maxKeys: 10_000 };

export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number; readonly reason: 'account' | 'address' };

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

  recordFailure(account: string, address: string, now: number): void {
    this.accounts.add(account, now);
    this.addresses.add(address, now);
  }

  /** A correct password forgets the account's failures (the address keeps its count). */
  recordSuccess(account: string): void {
    this.accounts.clear(account);
  }
}
