// First run of multi-user mode with no accounts: a one-time token printed on the console lets
// whoever reads the server's log create the first admin in the browser (`POST /api/auth/setup`).
// Each replica prints its own at start-up and any replica accepts it: the tokens live in the
// database, as SHA-256 only (a copy of the database gives no usable token). A token is spent by
// the account created with it, and expires after a day.
import { createHash, randomBytes } from 'node:crypto';
import type { StudioDb } from '../db';

export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60_000;

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export class SetupToken {
  constructor(
    private readonly db: StudioDb,
    private readonly now: () => number = Date.now,
  ) {}

  /** Issues a fresh token (and drops expired ones); returns it for printing. */
  async issue(): Promise<string> {
    const value = randomBytes(24).toString('base64url');
    await this.db.setupToken.deleteMany({ where: { createdAt: { lt: this.expiredBefore() } } });
    await this.db.setupToken.create({ data: { hash: digest(value), createdAt: new Date(this.now()) } });
    return value;
  }

  /** Whether some replica has a token out that can still be used. */
  async active(): Promise<boolean> {
    return (await this.db.setupToken.count({ where: { createdAt: { gte: this.expiredBefore() } } })) > 0;
  }

  /** True once for a live token: it is spent by that call (two requests cannot both use it). */
  async consume(candidate: string): Promise<boolean> {
    if (candidate === '') return false;
    const { count } = await this.db.setupToken.deleteMany({
      where: { hash: digest(candidate), createdAt: { gte: this.expiredBefore() } },
    });
    return count === 1;
  }

  /** Makes a consumed token usable again, when the account it was spent on could not be created. */
  async giveBack(consumed: string): Promise<void> {
    const hash = digest(consumed);
    await this.db.setupToken.upsert({ where: { hash }, create: { hash, createdAt: new Date(this.now()) }, update: {} });
  }

  /** The first admin exists: no token is needed any more. */
  async clear(): Promise<void> {
    await this.db.setupToken.deleteMany({});
  }

  private expiredBefore(): Date {
    return new Date(this.now() - SETUP_TOKEN_TTL_MS);
  }
}

/** The console lines for `serve` when multi-user mode starts with no users; `webUrl`: where the web app's sign-in page is, if known. */
export function setupBanner(token: string, webUrl: string | undefined): string {
  const where = webUrl === undefined ? "on the web app's sign-in page" : `at ${webUrl}/sign-in`;
  return [
    'No studio accounts yet. Create the first admin with either:',
    `  npx opstudio admin create <name> --role admin`,
    `  or ${where} with this one-time setup token: ${token}`,
  ].join('\n');
}
