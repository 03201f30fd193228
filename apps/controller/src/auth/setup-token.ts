// First run of multi-user mode with no accounts: a one-time token printed on the console lets
// whoever reads the server's log create the first admin in the browser (`POST /api/auth/setup`).
// It lives in memory only, is compared in constant time, and dies on first use or restart.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export class SetupToken {
  private token: Buffer | undefined;

  /** Issues a fresh token (and forgets any earlier one); returns it for printing. */
  issue(): string {
    const value = randomBytes(24).toString('base64url');
    this.token = Buffer.from(value);
    return value;
  }

  get active(): boolean {
    return this.token !== undefined;
  }

  /** True once for the right token; the token is spent either way when it matched. */
  consume(candidate: string): boolean {
    const expected = this.token;
    if (expected === undefined) return false;
    const given = Buffer.from(candidate);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    this.token = undefined;
    return true;
  }

  /**
   * Makes a consumed token usable again, when the account it was spent on could not be created
   * (spent first, so two requests cannot both create an admin). No-op once a new one was issued.
   */
  giveBack(consumed: string): void {
    this.token ??= Buffer.from(consumed);
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
