// The two OIDC routes on the controller's auth server (http.ts dispatches to them): the start
// redirects to the provider; the callback ends on a studio session and the page the user came
// from, or on a page that says why not (never a 500, never a token).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from './client-address';
import { sessionCookie } from './cookies';
import { clearedFlowCookies, refusalPage } from './oidc';
import type { OidcSignIn } from './oidc';
import type { AuthService } from './service';

type Request = Pick<IncomingMessage, 'headers' | 'socket' | 'url'>;

/** One audit row for an auth event (StudioAuth writes them; the address goes into its summary). */
export type AuthAudit = (
  actor: string,
  role: string | undefined,
  action: string,
  result: 'success' | 'denied',
  error: string | undefined,
  address: string,
) => Promise<void>;

export interface OidcRoutesDeps {
  readonly oidc: OidcSignIn;
  readonly service: AuthService;
  readonly proxySecret: string | undefined;
  /** True when the browser uses HTTPS (StudioAuth's rule for the session cookie). */
  readonly secure: (req: Pick<IncomingMessage, 'headers' | 'socket'>) => boolean;
  readonly audit: AuthAudit;
}

export class OidcRoutes {
  constructor(private readonly deps: OidcRoutesDeps) {}

  async start(req: Request, res: ServerResponse): Promise<void> {
    const { oidc } = this.deps;
    const next = queryOf(req).get('next') ?? '/';
    let started;
    try {
      started = await oidc.start(next, this.secure(req));
    } catch (err) {
      console.error(`auth: OIDC discovery at ${oidc.settings.issuer.href} failed:`, (err as Error).message);
      const message = `the OpenID provider at ${oidc.settings.issuer.host} is not answering: try again in a moment`;
      return sendHtml(res, 503, refusalPage(message, undefined));
    }
    res.writeHead(302, { location: started.location, 'set-cookie': started.cookie, 'cache-control': 'no-store' });
    res.end();
  }

  async callback(req: Request, res: ServerResponse): Promise<void> {
    const { oidc, service } = this.deps;
    const secure = this.secure(req);
    const outcome = await oidc.callback(queryOf(req), req.headers.cookie, secure);
    const address = clientAddress(req, this.deps.proxySecret);
    if (outcome.kind === 'refused') {
      await this.deps.audit(outcome.who ?? 'oidc', undefined, 'auth.sign-in', 'denied', outcome.message, address);
      res.setHeader('set-cookie', clearedFlowCookies());
      return sendHtml(res, outcome.status, refusalPage(outcome.message, outcome.who));
    }
    const signed = await service.signInExternal(outcome.user, { address, userAgent: req.headers['user-agent'] });
    await this.deps.audit(signed.user.name, signed.user.role, 'auth.sign-in', 'success', undefined, address);
    res.writeHead(303, {
      location: outcome.next,
      'set-cookie': [...clearedFlowCookies(), sessionCookie(signed.token, service.sessionTtlMs, secure)],
      'cache-control': 'no-store',
    });
    res.end();
  }

  /** A navigation carries no Origin: HTTPS is also told by the callback address the provider was given. */
  private secure(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
    return this.deps.secure(req) || this.deps.oidc.settings.redirectUrl.protocol === 'https:';
  }
}

function queryOf(req: Pick<IncomingMessage, 'url'>): URLSearchParams {
  return new URL(req.url ?? '/', 'http://studio.invalid').searchParams;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // the page has no script and loads nothing
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  });
  res.end(html);
}
