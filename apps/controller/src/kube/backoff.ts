// Exponential backoff for restarting watches: 200 ms, 400 ms, … capped at 30 s, reset after a
// success. Jitter spreads the retries of many informers so they don't hit a recovering API server
// in the same millisecond.

export interface BackoffOptions {
  readonly initialMs?: number;
  readonly maxMs?: number;
  readonly factor?: number;
  /** 0..1: the delay is drawn from [d·(1-jitter), d]. */
  readonly jitter?: number;
}

/** The delay before retry number `attempt` (0-based), without jitter. */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}): number {
  const { initialMs = 200, maxMs = 30_000, factor = 2 } = opts;
  // Cap the exponent so a long outage never overflows to Infinity.
  const exp = Math.min(Math.max(attempt, 0), 64);
  return Math.min(maxMs, initialMs * factor ** exp);
}

export class Backoff {
  private attempt = 0;
  constructor(
    private readonly opts: BackoffOptions = {},
    private readonly random: () => number = Math.random,
  ) {}

  /** The delay for the next retry; each call moves one step up the schedule. */
  next(): number {
    const base = backoffDelay(this.attempt, this.opts);
    this.attempt += 1;
    const jitter = this.opts.jitter ?? 0;
    return Math.round(base * (1 - jitter * this.random()));
  }

  reset(): void {
    this.attempt = 0;
  }

  get attempts(): number {
    return this.attempt;
  }
}
