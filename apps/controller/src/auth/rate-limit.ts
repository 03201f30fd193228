// The sign-in rate limit: failed attempts counted per account and per client address in a
// sliding window, in the database so that every replica counts the same attempts. A blocked
// attempt is refused before the password is even hashed, so guessing costs the attacker time,
// not the server CPU. An attempt is written as failed before it is checked (one row per account
// and per address), then the rows in the window are counted: of N parallel guesses each one's
// count includes its own row and every row written before it, so at most `limit` of them pass,
// whatever the replicas or the interleaving. A refused attempt takes its rows back (it was never
// tried), a right password takes back the account's failures and its own address row.

import type { StudioDb } from '../db';

export interface RateLimitOptions {
  /** Failed attempts allowed per account within the window. */
  readonly perAccount: number;
  /** Failed attempts allowed per client address within the window. */
  readonly perAddress: number;
  readonly windowMs: number;
  /** Rows older than the window are deleted after this many attempts (made-up names cannot grow the table without end). */
  readonly pruneEvery: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
  pruneEvery: 100,
};

export type RateRefusal = {
  readonly allowed: false;
  readonly retryAfterMs: number;
  readonly reason: 'account' | 'address';
};
/** An allowed attempt, already counted as a failure; `succeeded()` when the password was right. */
export type Attempt = { readonly allowed: true; readonly succeeded: () => Promise<void> } | RateRefusal;

const accountKey = (name: string) => `account:${name}`;
const addressKey = (address: string) => `address:${address}`;

export class LoginRateLimiter {
  private readonly o: RateLimitOptions;
  private attempts = 0;

  constructor(
    private readonly db: StudioDb,
    opts: Partial<RateLimitOptions> = {},
  ) {
    this.o = { ...DEFAULT_RATE_LIMIT, ...opts };
  }

  /** Counts the attempt, then decides; call it before checking the password. */
  async attempt(account: string, address: string, now: number): Promise<Attempt> {
    if (++this.attempts % this.o.pruneEvery === 0) await this.prune(now);
    const at = new Date(now);
    const mine = [
      await this.db.signInFailure.create({ data: { key: addressKey(address), at } }),
      await this.db.signInFailure.create({ data: { key: accountKey(account), at } }),
    ];
    const refusal =
      (await this.refusal(addressKey(address), this.o.perAddress, 'address', now)) ??
      (await this.refusal(accountKey(account), this.o.perAccount, 'account', now));
    if (refusal !== undefined) {
      await this.db.signInFailure.deleteMany({ where: { id: { in: mine.map((r) => r.id) } } });
      return refusal;
    }
    return {
      allowed: true,
      succeeded: async () => {
        await this.db.signInFailure.deleteMany({
          where: { OR: [{ key: accountKey(account) }, { id: mine[0]!.id }] },
        });
      },
    };
  }

  /** Refused when more than `limit` rows of `key` are in the window (this attempt's own row included). */
  private async refusal(
    key: string,
    limit: number,
    reason: RateRefusal['reason'],
    now: number,
  ): Promise<RateRefusal | undefined> {
    const since = new Date(now - this.o.windowMs);
    const count = await this.db.signInFailure.count({ where: { key, at: { gt: since } } });
    if (count <= limit) return undefined;
    // allowed again once the failure `limit` places before the newest leaves the window
    const oldest = await this.db.signInFailure.findFirst({
      where: { key, at: { gt: since } },
      orderBy: [{ at: 'desc' }, { id: 'desc' }],
      skip: limit,
    });
    const retryAfterMs = Math.max(1, (oldest?.at.getTime() ?? now) + this.o.windowMs - now);
    return { allowed: false, retryAfterMs, reason };
  }

  private async prune(now: number): Promise<void> {
    await this.db.signInFailure.deleteMany({ where: { at: { lte: new Date(now - this.o.windowMs) } } });
  }
}
