// Forwards /api/trpc/* to the controller, streaming both ways (SSE subscriptions included).
// proxy.ts has checked the Host before a request gets here; the controller believes the
// forwarded headers below only because they come with this launch's proxy secret.
// The controller's URL is read per request from OPSTUDIO_CONTROLLER_URL, not baked in at build
// time as a Next rewrite would be (docs/design/0001-api-proxy.md).

import { bodyLimitFrom, bodyTooLargeMessage } from '@opstudio/shared/security/body-limit';
import { PROXY_SECRET_HEADER } from '@opstudio/shared/security/launch';

/**
 * Headers for one connection only (RFC 9110 §7.6.1), never passed on. `expect` belongs here too:
 * Node's server has already answered `100-continue` to the client, and undici's fetch refuses a
 * request carrying it (UND_ERR_NOT_SUPPORTED), which curl sends with every body above 1 MB.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'expect',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  // only this proxy may send it, and only with its own value (setForwarded)
  PROXY_SECRET_HEADER,
]);

export function controllerUrl(): string {
  return (process.env.OPSTUDIO_CONTROLLER_URL ?? 'http://127.0.0.1:3001').replace(/\/+$/, '');
}

function forwardHeaders(from: Headers, drop: ReadonlySet<string>): Headers {
  const out = new Headers();
  // The Connection header may name more hop-by-hop headers.
  const named = new Set(
    (from.get('connection') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  from.forEach((value, key) => {
    const k = key.toLowerCase();
    if (!drop.has(k) && !named.has(k)) out.append(key, value);
  });
  return out;
}

/**
 * What the browser sent, for the controller's rate limit, Origin check and Secure cookie (it
 * trusts these only from a loopback peer: this proxy). Next's server fills x-forwarded-for with
 * the peer address and x-forwarded-host/-proto from Host and the socket when an outer proxy did
 * not set them; a route handler cannot see the socket itself, so these are passed on as Next has them.
 */
function setForwarded(req: Request, incoming: URL, headers: Headers): void {
  const forwardedFor = req.headers.get('x-forwarded-for');
  if (forwardedFor !== null && forwardedFor !== '') headers.set('x-forwarded-for', forwardedFor);
  headers.set('x-forwarded-host', req.headers.get('x-forwarded-host') ?? req.headers.get('host') ?? incoming.host);
  headers.set('x-forwarded-proto', req.headers.get('x-forwarded-proto') ?? incoming.protocol.replace(/:$/, ''));
  const secret = process.env.OPSTUDIO_PROXY_SECRET;
  if (secret !== undefined && secret !== '') headers.set(PROXY_SECRET_HEADER, secret);
}

/**
 * The headers of a call the server makes to the controller while rendering a page for the
 * browser (its session, the default context): the browser's cookies, and as the proxy above
 * forwards them, the host and scheme it addressed with this launch's secret. The controller
 * counts single-user mode's launch cookie only on the launch's own name (docs/design/0036), so
 * without the host it would take the page for a stranger's.
 */
export function renderingHeaders(incoming: { get(name: string): string | null }, cookie: string): Headers {
  const headers = new Headers();
  if (cookie !== '') headers.set('cookie', cookie);
  const host = incoming.get('x-forwarded-host') ?? incoming.get('host');
  if (host !== null) headers.set('x-forwarded-host', host);
  headers.set('x-forwarded-proto', incoming.get('x-forwarded-proto') ?? 'http');
  const secret = process.env.OPSTUDIO_PROXY_SECRET;
  if (secret !== undefined && secret !== '') headers.set(PROXY_SECRET_HEADER, secret);
  return headers;
}

export async function proxyToController(req: Request): Promise<Response> {
  const incoming = new URL(req.url);
  const target = `${controllerUrl()}${incoming.pathname}${incoming.search}`;
  const headers = forwardHeaders(req.headers, new Set([...HOP_BY_HOP, 'accept-encoding']));
  setForwarded(req, incoming, headers);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // The controller refuses an oversized body as soon as it sees its length and closes the
  // connection, which a streaming fetch reports as a network error: the browser would then hear
  // "not answering" instead of the refusal. So the cap is checked here, with the same message,
  // and bodies go on whole, with their length.
  const body = hasBody ? await readCapped(req) : undefined;
  if (body instanceof Response) return body;
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: req.method,
      headers,
      body,
      redirect: 'manual',
      cache: 'no-store',
      signal: req.signal,
    });
  } catch (err) {
    if (req.signal.aborted) return new Response(null, { status: 499 });
    const why = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    return Response.json(
      {
        error: {
          message: `The studio controller at ${controllerUrl()} is not answering (${why}): is it running? (npm start starts it)`,
          code: -32603,
          data: { code: 'BAD_GATEWAY', httpStatus: 502 },
        },
      },
      { status: 502 },
    );
  }
  const responseHeaders = forwardHeaders(upstream.headers, HOP_BY_HOP);
  // Streams must reach the browser as they come: no buffering, no compression.
  if ((upstream.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    responseHeaders.set('cache-control', 'no-cache, no-transform');
    responseHeaders.set('x-accel-buffering', 'no');
  }
  return new Response(upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders,
  });
}

/** The body, or a 413 answer in the tRPC error shape when it is over OPSTUDIO_MAX_BODY_BYTES. */
async function readCapped(req: Request): Promise<Uint8Array<ArrayBuffer> | Response> {
  const limit = bodyLimitFrom(process.env.OPSTUDIO_MAX_BODY_BYTES);
  const refuse = (size: number | string): Response =>
    Response.json(
      {
        error: {
          message: bodyTooLargeMessage(size, limit),
          code: -32600,
          data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 },
        },
      },
      { status: 413 },
    );
  const declared = req.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= limit))
    return refuse(Number.isFinite(Number(declared)) ? Number(declared) : declared);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body !== null)
    for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > limit) return refuse(size);
      chunks.push(chunk);
    }
  const out = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
