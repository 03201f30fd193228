// Single-user mode's per-launch secret (as notebook servers have): the loopback port alone is not
// a boundary (other local users, pages on other localhost ports), so the local admin is whoever
// presents this launch's token: `Authorization: Bearer <token>` for scripts (the token is also in
// a file only the owner reads), or in a browser the cookie the web app sets from the ready line's
// URL, which holds a value derived from the token and counts only on a host no other server
// shares (the launch's own `<random>.localhost`, or a configured name): docs/design/0036-launch-host.md.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { LAUNCH_COOKIE_PREFIX, launchSecrets } from '@opstudio/shared/security/launch';
import type { LaunchSecrets } from '@opstudio/shared/security/launch';
import { parseCookies } from './cookies';

/** HMAC-SHA256 for launch.ts's derivations. */
export const nodeHmac = (key: string, message: string): Uint8Array =>
  createHmac('sha256', key).update(message).digest();

/** The launch host and cookie value of `token` (scripts print the host; the web app is told it). */
export function launchSecretsOf(token: string): LaunchSecrets {
  return launchSecrets(token, nodeHmac);
}

export class LaunchToken {
  /** This launch's own host name, `<26 base32>.localhost`. */
  readonly host: string;
  /** What the browser's launch cookie holds. */
  private readonly session: string;

  constructor(readonly value: string = randomBytes(24).toString('base64url')) {
    ({ host: this.host, session: this.session } = launchSecretsOf(value));
  }

  /**
   * True when the request carries this launch's token: a bearer header on any host, or an
   * `opstudio_launch_<port>` cookie with this launch's value when `cookieHost` says the request
   * was addressed to a host whose cookies no other server receives (the caller decides that;
   * without it, cookies do not count).
   */
  presentedBy(headers: IncomingHttpHeaders, cookieHost = false): boolean {
    if (sameSecret(bearerOf(headers), this.value)) return true;
    if (!cookieHost) return false;
    for (const [name, value] of parseCookies(headers.cookie)) {
      if (name.startsWith(LAUNCH_COOKIE_PREFIX) && sameSecret(value, this.session)) return true;
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
  return `this studio needs its launch token: open the URL that npm start printed (ready: http://<launch name>.localhost:3000/?token=…), or send Authorization: Bearer <token>${file}`;
}

/** `data/launch-token` as the default layout names it; otherwise only the file's role, never its path. */
function tokenFileLabel(tokenFile: string): string {
  if (path.basename(tokenFile) !== 'launch-token') return 'the file OPSTUDIO_LAUNCH_TOKEN_FILE names';
  return path.basename(path.dirname(tokenFile)) === 'data'
    ? 'data/launch-token'
    : "the launch-token file in the studio's data folder (OPSTUDIO_DATA_DIR)";
}
