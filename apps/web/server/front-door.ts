// What the web app decides about a request before any page or API route sees it (proxy.ts runs
// it): the Host allow-list against DNS rebinding, and single-user mode's launch-token link. Pure
// (but for a hash), so it is tested without a server; the settings come from the environment
// npm start passes.
//
// The link never leaves a credential on 127.0.0.1, localhost or [::1]: a cookie there reaches
// every server on any port of that name. Opened there, it is sent on to this launch's own
// `<random>.localhost` name, whose cookie no other server gets (docs/design/0036-launch-host.md).
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ALLOWED_HOSTS_ENV,
  hostRefusal,
  isLoopbackName,
  parseAllowedHosts,
  parseHost,
} from '@opstudio/shared/security/hosts';
import type { HostPolicy } from '@opstudio/shared/security/hosts';
import {
  isLaunchHostName,
  LAUNCH_HOST_ENV,
  LAUNCH_TOKEN_PARAM,
  launchCookieName,
  launchSecrets,
} from '@opstudio/shared/security/launch';

export interface FrontDoorSettings {
  readonly policy: HostPolicy;
  readonly webPort: number;
  /** OPSTUDIO_LAUNCH_HOST: single-user mode's own name for this launch (derived from its token). */
  readonly launchHost: string | undefined;
}

/** The web app's own settings: the port it serves (OPSTUDIO_WEB_PORT, as npm start passes it) and OPSTUDIO_ALLOWED_HOSTS. */
export function frontDoorSettings(env: Record<string, string | undefined>): FrontDoorSettings {
  const webPort = Number(env.OPSTUDIO_WEB_PORT ?? env.PORT ?? 3000);
  if (!Number.isInteger(webPort) || webPort < 1 || webPort > 65535)
    throw new Error(`OPSTUDIO_WEB_PORT must be a port number (1-65535), not ${JSON.stringify(env.OPSTUDIO_WEB_PORT)}`);
  const launchHost = env[LAUNCH_HOST_ENV] === '' ? undefined : env[LAUNCH_HOST_ENV]?.toLowerCase();
  if (launchHost !== undefined && !isLaunchHostName(launchHost))
    throw new Error(`${LAUNCH_HOST_ENV} must be a name like <26 base32 characters>.localhost (npm start sets it)`);
  return {
    webPort,
    launchHost,
    policy: { ports: [webPort], configured: parseAllowedHosts(env[ALLOWED_HOSTS_ENV]), launchHost },
  };
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
  /**
   * The ready line's link: keep the launch cookie (none: `''`), then show the clean URL (no token
   * in history or Referer); on a loopback name, `location` is the same link on the launch host.
   */
  | { readonly kind: 'enter'; readonly cookie: string; readonly location: string };

const TOKEN = /^[A-Za-z0-9_-]{16,512}$/;

export function decide(req: DoorRequest, settings: FrontDoorSettings): DoorDecision {
  // every host-like header a client controls must name this studio: a rebinding page can set X-Forwarded-Host too
  const hostRefused = hostRefusal('Host', req.headers.get('host') ?? undefined, settings.policy);
  if (hostRefused !== undefined) return { kind: 'refuse', message: staleLaunch(req) ?? hostRefused };
  const forwarded = req.headers.get('x-forwarded-host');
  if (forwarded !== null) {
    const refusal = hostRefusal('X-Forwarded-Host', forwarded.split(',')[0]?.trim(), settings.policy);
    if (refusal !== undefined) return { kind: 'refuse', message: refusal };
  }
  // static code (Next's bundles, the CEL module) and the API never take the launch link
  if (
    req.method !== 'GET' ||
    req.pathname.startsWith('/api/') ||
    req.pathname.startsWith('/_next/') ||
    req.pathname.startsWith('/_cel/')
  )
    return { kind: 'pass' };
  const params = new URLSearchParams(req.search);
  const token = params.get(LAUNCH_TOKEN_PARAM);
  if (token === null) return { kind: 'pass' };
  params.delete(LAUNCH_TOKEN_PARAM);
  const rest = params.toString();
  const location = `${req.pathname}${rest === '' ? '' : `?${rest}`}`;
  if (!TOKEN.test(token)) return { kind: 'enter', cookie: '', location };
  const secrets = launchSecrets(token, nodeHmac);
  const https = req.headers.get('x-forwarded-proto') === 'https';
  // the name the browser addressed: an outer proxy's forwarded one (checked above) or Host
  const host = parseHost(forwarded?.split(',')[0]?.trim() ?? req.headers.get('host') ?? '');
  const launchHost = settings.launchHost;
  // the derived name equals this launch's exactly when the token is this launch's: no other secret needed
  const thisLaunch = launchHost !== undefined && sameText(secrets.host, launchHost);
  if (host === undefined || isLoopbackName(host.name)) {
    // a wrong token learns nothing (not even that the launch host exists): the way-in page, as without one
    if (!thisLaunch) return { kind: 'enter', cookie: '', location };
    const port = host?.port ?? settings.webPort;
    return {
      kind: 'enter',
      cookie: '',
      location: `${https ? 'https' : 'http'}://${launchHost}:${port}${req.pathname}${req.search}`,
    };
  }
  // on the launch host only its own token; on a configured name the controller decides, as it does for every request
  if (host.name === launchHost && !thisLaunch) return { kind: 'enter', cookie: '', location };
  const cookie = [
    `${launchCookieName(settings.webPort)}=${secrets.session}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(https ? ['Secure'] : []),
  ].join('; ');
  return { kind: 'enter', cookie, location };
}

/** A launch host of an earlier start (a bookmark) is not a stranger's name: say what to open instead. */
function staleLaunch(req: DoorRequest): string | undefined {
  const host = parseHost(req.headers.get('host') ?? '');
  if (host === undefined || !isLaunchHostName(host.name)) return undefined;
  return 'this address belongs to an earlier start of the studio: open the link on the ready line of the current one (npm start prints it; each start makes a new one)';
}

const nodeHmac = (key: string, message: string): Uint8Array => createHmac('sha256', key).update(message).digest();

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
