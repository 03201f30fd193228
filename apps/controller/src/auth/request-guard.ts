// Checks the server runs on every request before the API sees it.
// 1. Cross-site request forgery: a state-changing request (anything but GET/HEAD/OPTIONS) must be
//    JSON and carry `x-opstudio-csrf: 1`. A cross-site page can send neither without a CORS
//    preflight, which this server never grants. Browsers' `Sec-Fetch-Site` and `Origin` are
//    checked as well when present (non-browser clients such as the CLI send neither); the Origin
//    must be one of the served hosts (the Host allow-list), never merely equal to the request's Host.
// 2. Body size: a declared Content-Length above the cap is refused before a byte is read; the
//    tRPC handler's `maxBodySize` catches chunked bodies that grow past it.
import type { IncomingHttpHeaders } from 'node:http';
import { originAllowedByHosts } from '@opstudio/shared/security/hosts';
import type { HostPolicy } from '@opstudio/shared/security/hosts';
import { bodyTooLargeMessage, DEFAULT_BODY_LIMIT } from '@opstudio/shared/security/body-limit';

export const CSRF_HEADER = 'x-opstudio-csrf';
export { DEFAULT_BODY_LIMIT };

export interface GuardRequest {
  readonly method?: string | undefined;
  readonly headers: IncomingHttpHeaders;
}

export interface Refusal {
  readonly status: 403 | 413 | 415;
  readonly message: string;
}

export interface OriginPolicy {
  /** Exact origins allowed to send state-changing requests besides the served hosts, e.g. `https://studio.example.com`. */
  readonly allowedOrigins: readonly string[];
  /** The hosts this studio serves (hosts.ts): an Origin naming one of them is the studio itself. */
  readonly hosts: HostPolicy;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Is this `Origin` one the studio serves? Listed in OPSTUDIO_ALLOWED_ORIGINS, or one of the served
 * hosts. Never compared with the request's own Host: a rebinding page's Host is its own name.
 */
export function originAllowed(origin: string, policy: OriginPolicy): boolean {
  return policy.allowedOrigins.includes(origin) || originAllowedByHosts(origin, policy.hosts);
}

export function checkCsrf(req: GuardRequest, policy: OriginPolicy): Refusal | undefined {
  const method = (req.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.has(method)) return undefined;
  const contentType = (header(req.headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') {
    return {
      status: 415,
      message: `${method} requests must be JSON (content-type: application/json); forms and other content types are refused`,
    };
  }
  if (header(req.headers, CSRF_HEADER) !== '1') {
    return {
      status: 403,
      message: `missing header ${CSRF_HEADER}: 1 (the studio's own client sends it; cross-site requests cannot)`,
    };
  }
  const site = header(req.headers, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { status: 403, message: `cross-site request refused (sec-fetch-site: ${site})` };
  }
  const origin = header(req.headers, 'origin');
  if (origin !== undefined && !originAllowed(origin, policy)) {
    return {
      status: 403,
      message: `request from origin ${origin.slice(0, 100)} refused: add its host to OPSTUDIO_ALLOWED_HOSTS (or the origin to OPSTUDIO_ALLOWED_ORIGINS) if the studio is served there`,
    };
  }
  return undefined;
}

/** A declared body above the cap is refused at once; undefined when the request may proceed. */
export function checkBodySize(req: GuardRequest, limit = DEFAULT_BODY_LIMIT): Refusal | undefined {
  const declared = header(req.headers, 'content-length');
  if (declared === undefined) return undefined;
  const size = Number(declared);
  if (!Number.isFinite(size) || size > limit) {
    return {
      status: 413,
      message: bodyTooLargeMessage(Number.isFinite(size) ? size : declared, limit),
    };
  }
  return undefined;
}
