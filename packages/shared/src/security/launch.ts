// The names two processes of one launch agree on (the controller and the web app's proxy).
// Single-user mode: a per-launch token, as notebook servers have, so that only the person who
// started the studio (it is printed on their console and written to a file only they can read)
// gets in; other local users and pages on other localhost ports get nothing.
//
// Cookies are scoped by host, not by port: a cookie on 127.0.0.1 reaches every server on
// 127.0.0.1. So the browser never keeps a credential on a loopback name: each launch has its
// own unguessable name `<26 base32 characters>.localhost` (browsers resolve every *.localhost
// to loopback themselves), and the cookie lives on that name only, holding a value derived from
// the token rather than the token (docs/design/0036-launch-host.md). Pure: no I/O; the HMAC
// primitive is passed in by the Node side (node:crypto), so the encoding lives here once.

/** The query parameter of the ready line's URL: `http://<launch host>:3000/?token=…`. */
export const LAUNCH_TOKEN_PARAM = 'token';

/**
 * The cookie the web app sets from that URL. Its name carries the web app's port, so the dev
 * (3000) and test (3100) studios served under one configured name keep theirs apart.
 */
export function launchCookieName(webPort: number): string {
  return `opstudio_launch_${webPort}`;
}
export const LAUNCH_COOKIE_PREFIX = 'opstudio_launch_';

/** The header by which the web app's proxy proves to the controller that it is the proxy of this launch. */
export const PROXY_SECRET_HEADER = 'x-opstudio-proxy-secret';

/** The web app learns this launch's host name from here (npm start sets it; the controller derives its own). */
export const LAUNCH_HOST_ENV = 'OPSTUDIO_LAUNCH_HOST';

/** The suffix every browser resolves to loopback by itself (RFC 6761 §6.3; Chromium and Firefox never ask DNS). */
export const LAUNCH_HOST_SUFFIX = '.localhost';
/** 26 base32 characters: 130 bits of an HMAC of the token, one DNS label. */
const LAUNCH_HOST = /^[a-z2-7]{26}\.localhost$/;

/** True when `name` has the shape of a launch host (says nothing about whether it is this launch's). */
export function isLaunchHostName(name: string): boolean {
  return LAUNCH_HOST.test(name);
}

/** HMAC-SHA256(key, message): node:crypto's on the Node side. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;

export interface LaunchSecrets {
  /** The launch's own host name; unguessable without the token. */
  readonly host: string;
  /** What the launch cookie holds: not the token (which is also a bearer credential), and useless on any other host. */
  readonly session: string;
}

/**
 * Both derived from the token, so the web app needs no secret of its own: it recognises the
 * token by the host it derives (the host is in its environment), and a wrong token leads
 * nowhere. Domain-separated labels keep the two values independent.
 */
export function launchSecrets(token: string, hmac: HmacSha256): LaunchSecrets {
  const host = `${base32(hmac(token, 'opstudio launch host v1')).slice(0, 26)}${LAUNCH_HOST_SUFFIX}`;
  return { host, session: base64url(hmac(token, 'opstudio launch session v1')) };
}

/** Where the ready line sends the person who started the studio: the launch host when there is one. */
export function launchUrl(webUrl: string, token: string, launchHost?: string): string {
  const url = new URL(webUrl);
  if (launchHost !== undefined) url.hostname = launchHost;
  return `${url.origin}/?${LAUNCH_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}

function base64url(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += alphabet[(n >>> (18 - 6 * c)) & 63];
  }
  return out;
}
