// What the browser sent, as seen behind the web app's proxy. Every proxied request reaches the
// controller from 127.0.0.1, so with `trustProxy` the proxy's `x-forwarded-*` headers stand in for
// the browser's address (rate limit, sessions, audit), host (the Origin check) and scheme (the
// Secure cookie), but only when the peer really is a loopback proxy: from anywhere else they are
// whatever the client chose to write, and are ignored.
import type { IncomingMessage } from 'node:http';
import { isLoopbackHost } from './mode';

type Req = Pick<IncomingMessage, 'headers' | 'socket'>;

function trusted(req: Req, trustProxy: boolean): boolean {
  return trustProxy && isLoopbackHost(req.socket.remoteAddress ?? '');
}

function first(value: string | string[] | undefined): string | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

/** The client's address: the last `x-forwarded-for` entry (the one the nearest proxy appended) from a loopback proxy, else the peer. */
export function clientAddress(req: Req, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!trusted(req, trustProxy)) return peer;
  const raw = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  return forwarded.at(-1)?.slice(0, 64) ?? peer;
}

/** The host the browser addressed: `x-forwarded-host` from a loopback proxy, else `Host`. */
export function requestHost(req: Req, trustProxy: boolean): string | undefined {
  const own = first(req.headers.host);
  if (!trusted(req, trustProxy)) return own;
  const forwarded = first(req.headers['x-forwarded-host']);
  return forwarded !== undefined && /^[A-Za-z0-9.:[\]-]{1,260}$/.test(forwarded) ? forwarded : own;
}

/** True when the browser reached the studio over HTTPS, as a loopback proxy says (`x-forwarded-proto`). */
export function forwardedHttps(req: Req, trustProxy: boolean): boolean {
  return trusted(req, trustProxy) && first(req.headers['x-forwarded-proto'])?.toLowerCase() === 'https';
}
