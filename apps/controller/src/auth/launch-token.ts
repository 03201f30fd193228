// Single-user mode's per-launch secret (as notebook servers have): the loopback port alone is not
// a boundary (other local users, pages on other localhost ports), so the local admin is whoever
// presents this launch's token: the cookie the web app sets from the ready line's URL, or
// `Authorization: Bearer <token>` for scripts (the token is also in a file only the owner reads).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { LAUNCH_COOKIE_PREFIX } from '@opstudio/shared/security/launch';
import { parseCookies } from './cookies';

export class LaunchToken {
  constructor(readonly value: string = randomBytes(24).toString('base64url')) {}

  private matches(candidate: string | undefined): boolean {
    return sameSecret(candidate, this.value);
  }

  /** True when the request carries this launch's token (any `opstudio_launch_<port>` cookie, or a bearer header). */
  presentedBy(headers: IncomingHttpHeaders): boolean {
    if (this.matches(bearerOf(headers))) return true;
    for (const [name, value] of parseCookies(headers.cookie)) {
      if (name.startsWith(LAUNCH_COOKIE_PREFIX) && this.matches(value)) return true;
    }
    return false;
  }

  /** Writes the token to `file`, readable by the owner only, for the CLI and scripts. */
  writeTo(file: string): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.rmSync(file, { force: true }); // a file left by someone else keeps its mode: start afresh
    fs.writeFileSync(file, `${this.value}\n`, { mode: 0o600, flag: 'wx' });
  }
}

/** Constant-time comparison of a presented secret with the expected one. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token of `Authorization: Bearer <token>`, if any. */
export function bearerOf(headers: IncomingHttpHeaders): string | undefined {
  const m = /^Bearer\s+(\S{1,512})\s*$/i.exec(headers.authorization ?? '');
  return m?.[1];
}

/**
 * What a request without the token is told (single-user mode). It names where the token file is
 * without its absolute path: the answer goes to whoever asks, and a home folder names the user.
 */
export function launchTokenHint(tokenFile: string | undefined): string {
  const file =
    tokenFile === undefined ? '' : ` (also in ${tokenFileLabel(tokenFile)}, readable only by the user who started it)`;
  return `this studio needs its launch token: open the URL that npm start printed (ready: http://127.0.0.1:3000/?token=…), or send Authorization: Bearer <token>${file}`;
}

/** `data/launch-token` as the default layout names it; otherwise only the file's role, never its path. */
function tokenFileLabel(tokenFile: string): string {
  if (path.basename(tokenFile) !== 'launch-token') return 'the file OPSTUDIO_LAUNCH_TOKEN_FILE names';
  return path.basename(path.dirname(tokenFile)) === 'data'
    ? 'data/launch-token'
    : "the launch-token file in the studio's data folder (OPSTUDIO_DATA_DIR)";
}
