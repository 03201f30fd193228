// What the web app decides about a request before any page or API route sees it (proxy.ts runs
// it): the Host allow-list against DNS rebinding, and single-user mode's launch-token link. Pure,
// so it is tested without a server; the settings come from the environment npm start passes.
import { ALLOWED_HOSTS_ENV, hostRefusal, parseAllowedHosts } from '@opstudio/shared/security/hosts';
import type { HostPolicy } from '@opstudio/shared/security/hosts';
import { LAUNCH_TOKEN_PARAM, launchCookieName } from '@opstudio/shared/security/launch';

export interface FrontDoorSettings {
  readonly policy: HostPolicy;
  readonly webPort: number;
}

/** The web app's own settings: the port it serves (OPSTUDIO_WEB_PORT, as npm start passes it) and OPSTUDIO_ALLOWED_HOSTS. */
export function frontDoorSettings(env: Record<string, string | undefined>): FrontDoorSettings {
  const webPort = Number(env.OPSTUDIO_WEB_PORT ?? env.PORT ?? 3000);
  if (!Number.isInteger(webPort) || webPort < 1 || webPort > 65535)
    throw new Error(`OPSTUDIO_WEB_PORT must be a port number (1-65535), not ${JSON.stringify(env.OPSTUDIO_WEB_PORT)}`);
  return { webPort, policy: { ports: [webPort], configured: parseAllowedHosts(env[ALLOWED_HOSTS_ENV]) } };
}

export interface DoorRequest {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly headers: { get(name: string): string | null };
}

export type DoorDecision =
  | { readonly kind: 'pass' }
  | { readonly kind: 'refuse'; readonly message: string }
  /** The ready line's link: keep the token in a cookie, then show the clean URL (no token in history or Referer). */
  | { readonly kind: 'enter'; readonly cookie: string; readonly location: string };

const TOKEN = /^[A-Za-z0-9_-]{16,512}$/;

export function decide(req: DoorRequest, settings: FrontDoorSettings): DoorDecision {
  // every host-like header a client controls must name this studio: a rebinding page can set X-Forwarded-Host too
  const host = hostRefusal('Host', req.headers.get('host') ?? undefined, settings.policy);
  if (host !== undefined) return { kind: 'refuse', message: host };
  const forwarded = req.headers.get('x-forwarded-host');
  if (forwarded !== null) {
    const refusal = hostRefusal('X-Forwarded-Host', forwarded.split(',')[0]?.trim(), settings.policy);
    if (refusal !== undefined) return { kind: 'refuse', message: refusal };
  }
  if (req.method !== 'GET' || req.pathname.startsWith('/api/') || req.pathname.startsWith('/_next/'))
    return { kind: 'pass' };
  const params = new URLSearchParams(req.search);
  const token = params.get(LAUNCH_TOKEN_PARAM);
  if (token === null) return { kind: 'pass' };
  params.delete(LAUNCH_TOKEN_PARAM);
  const rest = params.toString();
  const location = `${req.pathname}${rest === '' ? '' : `?${rest}`}`;
  if (!TOKEN.test(token)) return { kind: 'enter', cookie: '', location };
  const https = req.headers.get('x-forwarded-proto') === 'https';
  const cookie = [
    `${launchCookieName(settings.webPort)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(https ? ['Secure'] : []),
  ].join('; ');
  return { kind: 'enter', cookie, location };
}
