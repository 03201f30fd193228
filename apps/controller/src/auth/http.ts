// The auth routes on the controller's plain node:http server, under /api/auth/ (the web app
// proxies them like /api/trpc/*):
//   GET  /api/auth/session   → { mode, user | null, setupRequired }
//   POST /api/auth/sign-in   { name, password } → sets the session cookie
//   POST /api/auth/sign-out  → ends the session, clears the cookie
//   POST /api/auth/setup     { token, name, password } → the first admin (one-time console token)
// plus `guard` (CSRF/origin + body cap, for every request) and `contextUser` for tRPC.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuditLog } from '../audit';
import { clientAddress, forwardedHttps, requestHost } from './client-address';
import { InvalidNameError } from './names';
import type { AuthConfig } from './config';
import { clearedSessionCookies, sessionCookie, sessionTokenOf } from './cookies';
import { checkBodySize, checkCsrf } from './request-guard';
import type { Refusal } from './request-guard';
import { LOCAL_ADMIN } from './roles';
import type { StudioUser } from './roles';
import { AuthError } from './service';
import type { AuthService } from './service';
import { SetupToken, setupBanner } from './setup-token';

const AUTH_BODY_LIMIT = 16 * 1024;
export const AUTH_BASE_PATH = '/api/auth/';

export interface StudioAuthOptions {
  readonly config: AuthConfig;
  readonly service: AuthService;
  readonly audit?: AuditLog;
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
  readonly setupToken = new SetupToken();

  constructor(private readonly opts: StudioAuthOptions) {}

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
  async contextUser(req: Pick<IncomingMessage, 'headers'>): Promise<StudioUser | undefined> {
    if (this.mode === 'single-user') return LOCAL_ADMIN;
    const token = sessionTokenOf(req.headers.cookie);
    return token === undefined ? undefined : this.opts.service.resolveSession(token);
  }

  /** CSRF/origin and body-size checks; answers the refusal itself and returns false when refused. */
  guard(req: IncomingMessage, res: ServerResponse): boolean {
    const refusal: Refusal | undefined = checkBodySize(req, this.opts.config.maxBodyBytes) ?? checkCsrf(req, { allowedOrigins: this.opts.config.allowedOrigins }, requestHost(req, this.opts.config.trustProxy));
    if (refusal === undefined) return true;
    sendJson(res, refusal.status, { error: { message: refusal.message } }, refusal.status === 413 ? { connection: 'close' } : {});
    return false;
  }

  /** Multi-user mode with no accounts: issues the setup token and returns the console banner. */
  async startupBanner(webUrl: string | undefined): Promise<string | undefined> {
    if (this.mode !== 'multi-user' || (await this.opts.service.userCount()) > 0) return undefined;
    return setupBanner(this.setupToken.issue(), webUrl);
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
        default:
          throw new HttpError(404, `no auth route ${route}: use GET session, POST sign-in, POST sign-out or POST setup under ${AUTH_BASE_PATH}`);
      }
    } catch (err) {
      const { status, message, headers } = toHttpError(err);
      if (status === 500) console.error('auth:', err);
      sendJson(res, status, { error: { message } }, headers);
    }
    return true;
  };

  private async session(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const user = await this.contextUser(req);
    const setupRequired = this.mode === 'multi-user' && this.setupToken.active && (await this.opts.service.userCount()) === 0;
    sendJson(res, 200, { mode: this.mode, user: user === undefined ? null : { name: user.name, role: user.role }, setupRequired });
  }

  private async signIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requireMultiUser();
    const body = await readJson(req);
    await this.startSession(req, res, stringField(body, 'name'), stringField(body, 'password'));
  }

  private async startSession(req: IncomingMessage, res: ServerResponse, name: string, password: string): Promise<void> {
    const address = clientAddress(req, this.opts.config.trustProxy);
    try {
      const signed = await this.opts.service.signIn(name, password, { address, userAgent: req.headers['user-agent'] });
      await this.audit(signed.user.name, signed.user.role, 'auth.sign-in', 'success', undefined, address);
      res.setHeader('set-cookie', sessionCookie(signed.token, this.opts.service.sessionTtlMs, this.secure(req)));
      sendJson(res, 200, { user: { name: signed.user.name, role: signed.user.role }, expiresAt: signed.expiresAt.toISOString() });
    } catch (err) {
      if (err instanceof AuthError) await this.audit(name.slice(0, 63), undefined, 'auth.sign-in', 'denied', err.message, address);
      throw err;
    }
  }

  private async signOut(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = sessionTokenOf(req.headers.cookie);
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
    if ((await this.opts.service.userCount()) > 0) throw new HttpError(409, 'the studio already has accounts: sign in, or ask an admin for one');
    if (!this.setupToken.consume(token)) throw new HttpError(403, 'wrong or used setup token: use the one printed on the controller console at start-up (restart to get a new one)');
    await this.opts.service.createUser(name, password, 'admin');
    await this.audit(name, 'admin', 'auth.setup', 'success', undefined, clientAddress(req, this.opts.config.trustProxy));
    await this.startSession(req, res, name, password);
  }

  private requireMultiUser(): void {
    if (this.mode !== 'multi-user') throw new HttpError(409, 'single-user mode: there is no sign-in (the local user is admin); start with --auth for accounts');
  }

  private secure(req: IncomingMessage): boolean {
    if (this.opts.config.secureCookies !== undefined) return this.opts.config.secureCookies;
    const origin = req.headers.origin;
    return (typeof origin === 'string' && origin.startsWith('https://')) || forwardedHttps(req, this.opts.config.trustProxy);
  }

  private async audit(actor: string, role: string | undefined, action: string, result: 'success' | 'denied', error: string | undefined, address: string): Promise<void> {
    await this.opts.audit?.record({ actor, actorRole: role, action, result, error, summary: { after: { address } } });
  }
}

/** Every failure of an auth route as one status + message, translated here only. */
function toHttpError(err: unknown): { status: number; message: string; headers: Record<string, string> } {
  if (err instanceof HttpError) return { status: err.status, message: err.message, headers: err.headers };
  if (err instanceof AuthError) {
    const headers: Record<string, string> = err.retryAfterMs === undefined ? {} : { 'retry-after': String(Math.ceil(err.retryAfterMs / 1000)) };
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
    if (size > AUTH_BODY_LIMIT) throw new HttpError(413, `request body too large: sign-in bodies are at most ${AUTH_BODY_LIMIT} bytes`, { connection: 'close' });
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
  if (typeof value !== 'string' || value.length === 0) throw new HttpError(400, `missing "${key}": send it as a non-empty JSON string`);
  if (value.length > 1024) throw new HttpError(400, `"${key}" is too long (at most 1024 characters)`);
  return value;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}
