// The address a sign-in is rate-limited by. Behind the web app's proxy every request comes from
// 127.0.0.1, so with `trustProxy` the proxy's `x-forwarded-for` (its last entry: the one the
// proxy itself appended) is used, but only when the peer really is a loopback proxy.
import type { IncomingMessage } from 'node:http';
import { isLoopbackHost } from './mode';

export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!trustProxy || !isLoopbackHost(peer)) return peer;
  const raw = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  return forwarded.at(-1)?.slice(0, 64) ?? peer;
}
