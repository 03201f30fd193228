// The auth routes on the controller's plain node:http server, under /api/auth/ (the web app
// proxies them like /api/trpc/*):
//   GET  /api/auth/session   → { mode, user | null, setupRequired }
//   POST /api/auth/sign-in   { name, password } → sets the session cookie
//   POST /api/auth/sign-out  → ends the session, clears the cookie
//   POST /api/auth/setup     { token, name, password } → the first admin (one-time console token)
//   GET  /api/auth/oidc-start, /api/auth/oidc-callback → OIDC sign-in, when configured (oidc.ts)
// plus `guard` (Host allow-list, CSRF/origin, body cap: every request) and `contextUser` for tRPC.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuditLog } from '../audit';
import { hostAllowed, hostRefusal, isLoopbackName, parseHost } from '@opstudio/shared/security/hosts';
import type { HostPolicy } from '@opstudio/shared/security/hosts';
import { clientAddress, forwardedHttps, requestHost } from './client-address';
import { InvalidNameError, validatePassword, validateUserName } from './names';
import type { AuthConfig } from './config';
import { clearedSessionCookies, sessionCookie, sessionTokenOf } from './cookies';
import { bearerOf, LaunchToken, launchTokenHint, sameSecret } from './launch-token';
import { OidcSignIn } from './oidc';
import { OidcRoutes } from './oidc-routes';
import type { AuthAudit } from './oidc-routes';
import { checkBodySize, checkCsrf } from './request-guard';
import type { Refusal } from './request-guard';
import { LOCAL_ADMIN } from './roles';
import type { AuthContext, StudioUser } from './roles';
import { AuthError } from './service';
import type { AuthService, ResolvedSession } from './service';
import type { SessionRef } from './session-watch';
import { setupBanner } from './setup-token';

const AUTH_BODY_LIMIT = 16 * 1024;
export const AUTH_BASE_PATH = '/api/auth/';
/** Probes (kubelet addresses a pod by its IP, not by a name on the list) answer for any Host; they tell nothing. */
const ANY_HOST_PATHS = new Set(['/healthz', '/readyz']);

/** The ports this server is reached on: its own, and the web app's whose proxy forwards to it. */
export interface ServedPorts {
  readonly own: number;
  readonly web: number | undefined;
}

export interface StudioAuthOptions {
  readonly config: AuthConfig;
  readonly service: AuthService;
  readonly audit?: AuditLog;
  /** Where a route's unexpected failure is reported (the answer carries its message only). */
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class StudioAuth {
  /** Single-user mode only: who holds it is the local admin. */
  readonly launchToken: LaunchToken | undefined;
  /** Where the launch token is written (server.ts), for the hint a request without it gets. */
  launchTokenFile: string | undefined;
  /** Multi-user mode with OPSTUDIO_OIDC_ISSUER: sign-in through the OpenID provider, beside local accounts. */
  readonly oidc: OidcSignIn | undefined;
  private readonly oidcRoutes: OidcRoutes | undefined;
  private ports: ServedPorts = { own: 0, web: undefined };

  constructor(private readonly opts: StudioAuthOptions) {
    this.launchToken = opts.config.mode === 'single-user' ? new LaunchToken(opts.config.launchToken) : undefined;
    this.oidc = opts.config.oidc === undefined ? undefined : new OidcSignIn(opts.config.oidc);
    this.oidcRoutes =
      this.oidc === undefined
        ? undefined
        : new OidcRoutes({
            oidc: this.oidc,
            service: opts.service,
            proxySecret: opts.config.proxySecret,
            secure: (req) => this.secure(req),
            audit: this.audit,
          });
  }

  /** Called once the server listens (a test may listen on port 0): the Host allow-list needs the port. */
  serveOn(ports: ServedPorts): void {
    this.ports = ports;
  }

  /** The hosts a request may name: the browser's (behind the proxy: the web app's port) or this server's. */
  private hostPolicy(ports: readonly (number | undefined)[]): HostPolicy {
    return {
      ports: ports.filter((p): p is number => p !== undefined && p > 0),
      configured: this.opts.config.allowedHosts,
      launchHost: this.launchToken?.host,
    };
  }

  /**
   * Single-user mode: whether the browser addressed a host whose cookies no other server gets,
   * so that the launch cookie counts: this launch's `<random>.localhost`, or a configured name.
   * Never 127.0.0.1, localhost or [::1]: every port of those names shares their cookies.
   */
  private cookieHost(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
    const { value } = requestHost(req, this.opts.config.proxySecret);
    const name = value === undefined ? undefined : parseHost(value)?.name;
    if (name === undefined || isLoopbackName(name)) return false;
    return (
      name === this.launchToken?.host || hostAllowed(value, { ports: [], configured: this.opts.config.allowedHosts })
    );
  }

  get mode() {
    return this.opts.config.mode;
  }

  get service(): AuthService {
    return this.opts.service;
  }

  /** The request body cap (OPSTUDIO_MAX_BODY_BYTES), also for the tRPC handler's `maxBodySize`. */
  get maxBodyBytes(): number {
    return this.opts.config.maxBodyBytes;
  }

  /** Who the request is: the local admin in single-user mode, the session's user, or undefined (signed out). */
  async contextUser(req: Pick<IncomingMessage, 'headers' | 'socket'>): Promise<StudioUser | undefined> {
    if (this.launchToken !== undefined)
      return this.launchToken.presentedBy(req.headers, this.cookieHost(req)) ? LOCAL_ADMIN : undefined;
    return (await this.contextSession(req))?.user;
  }

  /** What a request without a user is told: sign in (multi-user) or bring the launch token (single-user). */
  get signedOutMessage(): string {
    return this.launchToken === undefined
      ? 'sign in first (your session may have expired)'
      : launchTokenHint(this.launchTokenFile);
  }

  /** The tRPC context's auth part: who asks, what a signed-out request is told, and in multi-user mode the session (a live stream ends with it). */
  async requestContext(
    req: Pick<IncomingMessage, 'headers' | 'socket'>,
  ): Promise<AuthContext & { readonly session?: SessionRef | undefined }> {
    const signedOutMessage = this.signedOutMessage;
    if (this.launchToken !== undefined) return { user: await this.contextUser(req), signedOutMessage };
    const signedIn = await this.contextSession(req);
    return { user: signedIn?.user, session: signedIn?.session, signedOutMessage };
  }

  /** Multi-user mode: the session behind the request's cookie and its user now, or undefined. */
  private async contextSession(req: Pick<IncomingMessage, 'headers' | 'socket'>): Promise<ResolvedSession | undefined> {
    const token = sessionTokenOf(req.headers.cookie, this.secure(req));
    return token === undefined ? undefined : this.opts.service.resolveSession(token);
  }

  /** /metrics: the metrics token, or in single-user mode the launch token; multi-user mode without a metrics token serves none. */
  metricsRefusal(req: Pick<IncomingMessage, 'headers'>): string | undefined {
    const metricsToken = this.opts.config.metricsToken;
    if (metricsToken !== undefined && sameSecret(bearerOf(req.headers), metricsToken)) return undefined;
    // a bearer header only: /metrics is for scrapers, and the web app does not proxy it
    if (this.launchToken?.presentedBy(req.headers) === true) return undefined;
    if (metricsToken === undefined && this.launchToken === undefined)
      return 'metrics are off in multi-user mode until OPSTUDIO_METRICS_TOKEN is set: then scrape with Authorization: Bearer <that token>';
    return `metrics need Authorization: Bearer <token> (${metricsToken === undefined ? 'the launch token' : 'OPSTUDIO_METRICS_TOKEN'})`;
  }

  /** Host allow-list, body size, CSRF/origin; answers the refusal itself and returns false when refused. */
  guard(req: IncomingMessage, res: ServerResponse): boolean {
    const refusal: Refusal | undefined =
      this.hostCheck(req) ??
      checkBodySize(req, this.opts.config.maxBodyBytes) ??
      checkCsrf(req, {
        allowedOrigins: this.opts.config.allowedOrigins,
        hosts: this.hostPolicy([this.ports.own, this.ports.web]),
      });
    if (refusal === undefined) return true;
    sendJson(
      res,
      refusal.status,
      { error: { message: refusal.message } },
      refusal.status === 413 ? { connection: 'close' } : {},
    );
    return false;
  }

  /** DNS rebinding: a request is served only for a host this studio answers for (hosts.ts). */
  private hostCheck(req: IncomingMessage): Refusal | undefined {
    if (ANY_HOST_PATHS.has((req.url ?? '/').split('?')[0] ?? '/')) return undefined;
    const { header, value } = requestHost(req, this.opts.config.proxySecret);
    const ports = header === 'Host' ? [this.ports.own] : [this.ports.web];
    const message = hostRefusal(header, value, this.hostPolicy(ports));
    return message === undefined ? undefined : { status: 403, message };
  }

  /** Multi-user mode with no accounts: issues the setup token and returns the console banner. */
  async startupBanner(webUrl: string | undefined): Promise<string | undefined> {
    // with OIDC the provider's admin group makes admins: no first admin to create by hand
    if (this.mode !== 'multi-user' || this.oidc !== undefined || (await this.opts.service.userCount()) > 0)
      return undefined;
    return setupBanner(await this.opts.service.setupToken.issue(), webUrl);
  }

  /** Serves /api/auth/*; false when the path is not an auth route (the caller goes on). */
  handle = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith(AUTH_BASE_PATH)) return false;
    const route = `${req.method ?? 'GET'} ${path.slice(AUTH_BASE_PATH.length)}`;
    try {
      switch (route) {
        case 'GET session':
          await this.session(req, res);
          break;
        case 'POST sign-in':
          await this.signIn(req, res);
          break;
        case 'POST sign-out':
          await this.signOut(req, res);
          break;
        case 'POST setup':
          await this.setup(req, res);
          break;
        case 'GET oidc-start':
          await this.requireOidc().start(req, res);
          break;
        case 'GET oidc-callback':
          await this.requireOidc().callback(req, res);
          break;
        default:
          throw new HttpError(
            404,
            `no auth route ${route}: use GET session, POST sign-in, POST sign-out, POST setup, GET oidc-start or GET oidc-callback under ${AUTH_BASE_PATH}`,
          );
      }
    } catch (err) {
      const { status, message, headers } = toHttpError(err);
      if (status === 500) (this.opts.log ?? console.error)(`auth route ${route} failed`, { error: err });
      sendJson(res, status, { error: { message } }, headers);
    }
    return true;
  };

  private async session(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const user = await this.contextUser(req);
    const setupRequired =
      this.mode === 'multi-user' &&
      this.oidc === undefined &&
      (await this.opts.service.userCount()) === 0 &&
      (await this.opts.service.setupToken.active());
    sendJson(res, 200, {
      mode: this.mode,
      user: user === undefined ? null : { name: user.name, role: user.role },
      setupRequired,
      ...(this.oidc === undefined ? {} : { oidc: { provider: this.oidc.settings.providerName } }),
    });
  }

  private async signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requireMultiUser();
    const body = await readJson(req);
    await this.startSession(req, res, stringField(body, 'name'), stringField(body, 'password'));
  }

  private async startSession(req: IncomingMessage, res: ServerResponse, name: string, password: string): Promise<void> {
    const address = clientAddress(req, this.opts.config.proxySecret);
    try {
      const signed = await this.opts.service.signIn(name, password, { address, userAgent: req.headers['user-agent'] });
      await this.audit(signed.user.name, signed.user.role, 'auth.sign-in', 'success', undefined, address);
      res.setHeader('set-cookie', sessionCookie(signed.token, this.opts.service.sessionTtlMs, this.secure(req)));
      sendJson(res, 200, {
        user: { name: signed.user.name, role: signed.user.role },
        expiresAt: signed.expiresAt.toISOString(),
      });
    } catch (err) {
      if (err instanceof AuthError)
        await this.audit(name.slice(0, 63), undefined, 'auth.sign-in', 'denied', err.message, address);
      throw err;
    }
  }

  private async signOut(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = sessionTokenOf(req.headers.cookie, this.secure(req));
    if (token !== undefined) await this.opts.service.revokeSession(token);
    res.setHeader('set-cookie', clearedSessionCookies());
    sendJson(res, 200, { signedOut: true });
  }

  private async setup(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requireMultiUser();
    const body = await readJson(req);
    const token = stringField(body, 'token');
    const name = stringField(body, 'name');
    const password = stringField(body, 'password');
    // a request that cannot succeed must not spend the one-time token: check what it carries first
    validateUserName(name);
    validatePassword(password);
    if ((await this.opts.service.userCount()) > 0)
      throw new HttpError(409, 'the studio already has accounts: sign in, or ask an admin for one');
    if (!(await this.opts.service.setupToken.consume(token)))
      throw new HttpError(
        403,
        'wrong or used setup token: use the one printed on the controller console at start-up (restart to get a new one)',
      );
    await this.opts.service.createUser(name, password, 'admin').catch(async (err: unknown) => {
      await this.opts.service.setupToken.giveBack(token);
      throw err;
    });
    await this.opts.service.setupToken.clear();
    await this.audit(
      name,
      'admin',
      'auth.setup',
      'success',
      undefined,
      clientAddress(req, this.opts.config.proxySecret),
    );
    await this.startSession(req, res, name, password);
  }

  private requireOidc(): OidcRoutes {
    if (this.oidcRoutes === undefined)
      throw new HttpError(
        404,
        'OIDC sign-in is not configured: set OPSTUDIO_OIDC_ISSUER (and the other OPSTUDIO_OIDC_* settings)',
      );
    return this.oidcRoutes;
  }

  private requireMultiUser(): void {
    if (this.mode !== 'multi-user')
      throw new HttpError(
        409,
        'single-user mode: there is no sign-in (the local user is admin); start with --auth for accounts',
      );
  }

  /** True when the browser uses HTTPS: then only the `__Host-` session cookie is set and accepted. */
  private secure(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
    if (this.opts.config.secureCookies !== undefined) return this.opts.config.secureCookies;
    const origin = req.headers.origin;
    return (
      (typeof origin === 'string' && origin.startsWith('https://')) || forwardedHttps(req, this.opts.config.proxySecret)
    );
  }

  private readonly audit: AuthAudit = async (actor, role, action, result, error, address) => {
    await this.opts.audit?.record({ actor, actorRole: role, action, result, error, summary: { after: { address } } });
  };
}

/** Every failure of an auth route as one status + message, translated here only. */
function toHttpError(err: unknown): { status: number; message: string; headers: Record<string, string> } {
  if (err instanceof HttpError) return { status: err.status, message: err.message, headers: err.headers };
  if (err instanceof AuthError) {
    const headers: Record<string, string> =
      err.retryAfterMs === undefined ? {} : { 'retry-after': String(Math.ceil(err.retryAfterMs / 1000)) };
    return { status: authErrorStatus(err), message: err.message, headers };
  }
  if (err instanceof InvalidNameError) return { status: 400, message: err.message, headers: {} };
  return { status: 500, message: 'the auth request failed on the server: see the controller log', headers: {} };
}

function authErrorStatus(err: AuthError): number {
  switch (err.code) {
    case 'rate-limited':
      return 429;
    case 'invalid-credentials':
      return 401;
    case 'exists':
      return 409;
    case 'not-found':
      return 404;
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > AUTH_BODY_LIMIT)
      throw new HttpError(413, `request body too large: sign-in bodies are at most ${AUTH_BODY_LIMIT} bytes`, {
        connection: 'close',
      });
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'request body is not JSON: send {"name": "…", "password": "…"}');
  }
}

function stringField(body: unknown, key: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  if (typeof value !== 'string' || value.length === 0)
    throw new HttpError(400, `missing "${key}": send it as a non-empty JSON string`);
  if (value.length > 1024) throw new HttpError(400, `"${key}" is too long (at most 1024 characters)`);
  return value;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}
