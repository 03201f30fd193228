// What the browser sent, as seen behind the web app's proxy. Every proxied request reaches the
// controller from the proxy, so the proxy's `x-forwarded-*` headers stand in for the browser's
// address (rate limit, sessions, audit), host (the Host allow-list and the Origin check) and
// scheme (the Secure cookie), but only when the request carries the proxy secret of this launch
// (`OPSTUDIO_PROXY_SECRET`, shared by the two processes `npm start` starts). Any other peer,
// loopback included, could write whatever it likes there, so without the secret they are ignored.
import type { IncomingMessage } from 'node:http';
import { PROXY_SECRET_HEADER } from '@opstudio/shared/security/launch';
import { sameSecret } from './launch-token';

type Req = Pick<IncomingMessage, 'headers' | 'socket'>;

function first(value: string | string[] | undefined): string | undefined {
  const v = (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  return v === undefined || v === '' ? undefined : v;
}

/** True when the request comes from this launch's web app proxy (it carries the shared secret). */
export function fromProxy(req: Pick<IncomingMessage, 'headers'>, proxySecret: string | undefined): boolean {
  return proxySecret !== undefined && sameSecret(first(req.headers[PROXY_SECRET_HEADER]), proxySecret);
}

/** The client's address: the last `x-forwarded-for` entry (the one the nearest proxy appended) from the proxy, else the peer. */
export function clientAddress(req: Req, proxySecret: string | undefined): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!fromProxy(req, proxySecret)) return peer;
  const raw = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded.at(-1)?.slice(0, 64) ?? peer;
}

/** The host the browser addressed: `x-forwarded-host` from the proxy, else `Host`. */
export function requestHost(
  req: Req,
  proxySecret: string | undefined,
): { header: 'Host' | 'X-Forwarded-Host'; value: string | undefined } {
  if (fromProxy(req, proxySecret)) return { header: 'X-Forwarded-Host', value: first(req.headers['x-forwarded-host']) };
  return { header: 'Host', value: first(req.headers.host) };
}

/** True when the browser reached the studio over HTTPS, as the proxy says (`x-forwarded-proto`). */
export function forwardedHttps(req: Req, proxySecret: string | undefined): boolean {
  return fromProxy(req, proxySecret) && first(req.headers['x-forwarded-proto'])?.toLowerCase() === 'https';
}
