// Checks the server runs on every request before the API sees it.
// 1. Cross-site request forgery: a state-changing request (anything but GET/HEAD/OPTIONS) must be
//    JSON and carry `x-opstudio-csrf: 1`. A cross-site page can send neither without a CORS
//    preflight, which this server never grants. Browsers' `Sec-Fetch-Site` and `Origin` are
//    checked as well when present (non-browser clients such as the CLI send neither).
// 2. Body size: a declared Content-Length above the cap is refused before a byte is read; the
//    tRPC handler's `maxBodySize` catches chunked bodies that grow past it.
import type { IncomingHttpHeaders } from 'node:http';

export const CSRF_HEADER = 'x-opstudio-csrf';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface GuardRequest {
  readonly method?: string | undefined;
  readonly headers: IncomingHttpHeaders;
}

export interface Refusal {
  readonly status: 403 | 413 | 415;
  readonly message: string;
}

export interface OriginPolicy {
  /** Exact origins allowed to send state-changing requests, e.g. `https://studio.example.com`. */
  readonly allowedOrigins: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Is this `Origin` one the studio serves? Listed, the request's own Host, or (no list configured) loopback. */
export function originAllowed(origin: string, host: string | undefined, policy: OriginPolicy): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  if (policy.allowedOrigins.includes(origin)) return true;
  if (host !== undefined && url.host === host) return true;
  return policy.allowedOrigins.length === 0 && isLoopbackHostname(url.hostname);
}

/** `host`: the host the browser addressed (behind the loopback proxy: its x-forwarded-host); default: the Host header. */
export function checkCsrf(req: GuardRequest, policy: OriginPolicy, host: string | undefined = header(req.headers, 'host')): Refusal | undefined {
  const method = (req.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method)) return undefined;
  const contentType = (header(req.headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') {
    return { status: 415, message: `${method} requests must be JSON (content-type: application/json); forms and other content types are refused` };
  }
  if (header(req.headers, CSRF_HEADER) !== '1') {
    return { status: 403, message: `missing header ${CSRF_HEADER}: 1 (the studio's own client sends it; cross-site requests cannot)` };
  }
  const site = header(req.headers, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { status: 403, message: `cross-site request refused (sec-fetch-site: ${site})` };
  }
  const origin = header(req.headers, 'origin');
  if (origin !== undefined && !originAllowed(origin, host, policy)) {
    return { status: 403, message: `request from origin ${origin.slice(0, 100)} refused: add it to OPSTUDIO_ALLOWED_ORIGINS if the studio is served there` };
  }
  return undefined;
}

/** A declared body above the cap is refused at once; undefined when the request may proceed. */
export function checkBodySize(req: GuardRequest, limit = DEFAULT_BODY_LIMIT): Refusal | undefined {
  const declared = header(req.headers, 'content-length');
  if (declared === undefined) return undefined;
  const size = Number(declared);
  if (!Number.isFinite(size) || size > limit) {
    return { status: 413, message: `request body too large (${declared} bytes): the limit is ${limit} bytes (OPSTUDIO_MAX_BODY_BYTES)` };
  }
  return undefined;
}
