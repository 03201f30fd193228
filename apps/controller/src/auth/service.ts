// Local accounts and database sessions. The cookie carries a random 256-bit token; the Session
// row is keyed by its SHA-256, so reading the database does not let anyone sign in. Sessions
// end at a fixed expiry (no sliding renewal: a stolen cookie stops working on schedule). Live
// streams end with their session (`sessions`, session-watch.ts): every change here nudges it.
import { createHash, randomBytes } from 'node:crypto';
import type { StudioDb } from '../db';
import { validatePassword, validateUserName } from './names';
import { dummyHash, hashPassword, verifyPassword } from './password';
import type { ScryptParams } from './password';
import { LoginRateLimiter, type RateLimitOptions } from './rate-limit';
import { SetupToken } from './setup-token';
import { isRole } from './roles';
import type { Role, StudioUser } from './roles';
import { SessionWatcher } from './session-watch';
import type { SessionRef } from './session-watch';

export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    readonly code: 'invalid-credentials' | 'rate-limited' | 'exists' | 'not-found',
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface AuthServiceOptions {
  /** How long a session lasts from sign-in. Default 12 h. */
  readonly sessionTtlMs?: number;
  readonly rateLimit?: Partial<RateLimitOptions>;
  readonly now?: () => number;
  /** Tests use cheaper parameters; production keeps the default. */
  readonly scrypt?: ScryptParams;
  readonly log?: (message: string) => void;
}

export interface SignedIn {
  readonly token: string;
  readonly user: StudioUser;
  readonly expiresAt: Date;
}

export interface ClientInfo {
  readonly address: string;
  readonly userAgent?: string | undefined;
}

/** A valid session: its user now, and the row's key and expiry (the tRPC context carries both). */
export interface ResolvedSession {
  readonly user: StudioUser;
  readonly session: SessionRef;
}

export const DEFAULT_SESSION_TTL_MS = 12 * 60 * 60_000;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The User columns a StudioUser is made of (every query that builds one selects these). */
const USER_COLUMNS = { id: true, name: true, role: true, origin: true, groups: true } as const;

function toUser(row: { id: string; name: string; role: string; origin: string; groups: string | null }): StudioUser {
  // A row edited by hand to an unknown role gets the least rights, not an error on every request.
  const user = { id: row.id, name: row.name, role: isRole(row.role) ? row.role : 'viewer' } as const;
  return row.origin === 'oidc' ? { ...user, kubeGroups: storedGroups(row.groups) } : user;
}

/** The JSON array of an OIDC account's Kubernetes groups; anything else reads as none (least rights). */
function storedGroups(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
  } catch {
    return [];
  }
}

/** The user of that name as the database holds them now (their role, an OIDC account's groups), or undefined. */
export async function studioUserNamed(db: StudioDb, name: string): Promise<StudioUser | undefined> {
  const row = await db.user.findUnique({ where: { name }, select: USER_COLUMNS });
  return row === null ? undefined : toUser(row);
}

/** Who an OIDC sign-in established (oidc-settings.ts `oidcUserOf`). */
export interface ExternalUser {
  readonly name: string;
  readonly role: Role;
  readonly kubeGroups: readonly string[];
}

export class AuthService {
  readonly sessionTtlMs: number;
  /** Watches the sessions behind open live streams (one per process, like this service). */
  readonly sessions: SessionWatcher;
  /** The one-time setup token(s) of multi-user mode with no accounts, shared by every replica. */
  readonly setupToken: SetupToken;
  private readonly limiter: LoginRateLimiter;
  private readonly now: () => number;

  constructor(
    private readonly db: StudioDb,
    private readonly opts: AuthServiceOptions = {},
  ) {
    this.sessionTtlMs = opts.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
    this.limiter = new LoginRateLimiter(db, opts.rateLimit);
    this.now = opts.now ?? Date.now;
    this.setupToken = new SetupToken(db, this.now);
    const log = opts.log !== undefined ? { log: opts.log } : {};
    this.sessions = new SessionWatcher((ids) => this.currentSessions(ids), { now: this.now, ...log });
  }

  async createUser(name: string, password: string, role: Role): Promise<StudioUser> {
    validateUserName(name);
    validatePassword(password);
    if ((await this.db.user.findUnique({ where: { name } })) !== null) {
      throw new AuthError(
        'exists',
        `user "${name}" already exists: choose another name, or change their password with 'opstudio admin password ${name}'`,
      );
    }
    const passwordHash = await hashPassword(password, this.opts.scrypt);
    return toUser(await this.db.user.create({ data: { name, role, passwordHash } }));
  }

  /** Changes the password and ends every session of that user. */
  async setPassword(name: string, password: string): Promise<void> {
    validatePassword(password);
    const user = await this.db.user.findUnique({ where: { name } });
    if (user === null) throw new AuthError('not-found', `no user "${name}": list them with 'opstudio admin list'`);
    if (user.origin === 'oidc')
      throw new AuthError('not-found', `"${name}" signs in through the OpenID provider: it has no password here`);
    const passwordHash = await hashPassword(password, this.opts.scrypt);
    await this.db.$transaction([
      this.db.user.update({ where: { id: user.id }, data: { passwordHash } }),
      this.db.session.deleteMany({ where: { userId: user.id } }),
    ]);
    void this.sessions.nudge();
  }

  async setRole(name: string, role: Role): Promise<StudioUser> {
    const user = await this.db.user.findUnique({ where: { name } });
    if (user === null) throw new AuthError('not-found', `no user "${name}": list them with 'opstudio admin list'`);
    const updated = toUser(await this.db.user.update({ where: { id: user.id }, data: { role } }));
    void this.sessions.nudge();
    return updated;
  }

  async deleteUser(name: string): Promise<void> {
    const { count } = await this.db.user.deleteMany({ where: { name } });
    if (count === 0) throw new AuthError('not-found', `no user "${name}": list them with 'opstudio admin list'`);
    void this.sessions.nudge(); // the user's sessions went with it (ON DELETE CASCADE)
  }

  async listUsers(): Promise<StudioUser[]> {
    return (await this.db.user.findMany({ orderBy: { name: 'asc' }, select: USER_COLUMNS })).map(toUser);
  }

  async userCount(): Promise<number> {
    return this.db.user.count();
  }

  /**
   * Rate-limited first: the attempt is written as failed before it is checked (parallel guesses,
   * on any replica, cannot all pass the check while the first ones hash), and taken back only when
   * the password is right. Then a constant-shape check whatever the name.
   */
  async signIn(name: string, password: string, client: ClientInfo): Promise<SignedIn> {
    const now = this.now();
    const attempt = await this.limiter.attempt(name, client.address, now);
    if (!attempt.allowed) {
      const seconds = Math.ceil(attempt.retryAfterMs / 1000);
      throw new AuthError(
        'rate-limited',
        `too many failed sign-ins ${attempt.reason === 'account' ? 'for this account' : 'from this address'}: try again in ${seconds} s`,
        attempt.retryAfterMs,
      );
    }
    const found = name.length <= 63 ? await this.db.user.findUnique({ where: { name } }) : null;
    const row = found?.origin === 'local' ? found : null; // OIDC accounts have no password
    const ok = await verifyPassword(password.slice(0, 1024), row?.passwordHash ?? (await dummyHash(this.opts.scrypt)));
    if (row === null || !ok) throw new AuthError('invalid-credentials', 'wrong user name or password');
    await attempt.succeeded();
    return this.newSession(toUser(row), client, now);
  }

  /**
   * A session for someone the OpenID provider vouched for: their account row is created or
   * brought up to date (role and groups as of this sign-in; live streams of their other sessions
   * see the change), then a session like a password sign-in's.
   */
  async signInExternal(user: ExternalUser, client: ClientInfo): Promise<SignedIn> {
    const groups = JSON.stringify(user.kubeGroups);
    const existing = await this.db.user.findUnique({ where: { name: user.name }, select: { origin: true } });
    if (existing !== null && existing.origin !== 'oidc')
      throw new AuthError('exists', `"${user.name}" is a local account: it cannot also sign in through OIDC`);
    const row = await this.db.user.upsert({
      where: { name: user.name },
      create: { name: user.name, role: user.role, origin: 'oidc', groups, passwordHash: '' },
      update: { role: user.role, groups },
      select: USER_COLUMNS,
    });
    if (existing !== null) void this.sessions.nudge();
    return this.newSession(toUser(row), client, this.now());
  }

  private async newSession(user: StudioUser, client: ClientInfo, now: number): Promise<SignedIn> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + this.sessionTtlMs);
    await this.db.session.create({
      data: {
        id: sessionIdOf(token),
        userId: user.id,
        expiresAt,
        clientAddress: client.address,
        userAgent: client.userAgent?.slice(0, 256) ?? null,
      },
    });
    return { token, user, expiresAt };
  }

  /** The user and session behind a cookie token, or undefined (unknown, expired: the row is removed). */
  async resolveSession(token: string): Promise<ResolvedSession | undefined> {
    if (token.length === 0 || token.length > 128) return undefined;
    const id = sessionIdOf(token);
    const session = await this.db.session.findUnique({
      where: { id },
      include: { user: { select: USER_COLUMNS } },
    });
    if (session === null) return undefined;
    if (session.expiresAt.getTime() <= this.now()) {
      await this.db.session.deleteMany({ where: { id } });
      return undefined;
    }
    return { user: toUser(session.user), session: { id, expiresAt: session.expiresAt } };
  }

  async revokeSession(token: string): Promise<void> {
    await this.db.session.deleteMany({ where: { id: sessionIdOf(token) } });
    void this.sessions.nudge();
  }

  async revokeAllSessions(name: string): Promise<number> {
    const { count } = await this.db.session.deleteMany({ where: { user: { name } } });
    void this.sessions.nudge();
    return count;
  }

  /** The given sessions as they are now, with their users, in one query (the watcher's tick). */
  private async currentSessions(ids: readonly string[]) {
    const rows = await this.db.session.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, expiresAt: true, user: { select: USER_COLUMNS } },
    });
    return rows.map((r) => ({ id: r.id, expiresAt: r.expiresAt, user: toUser(r.user) }));
  }

  /** Housekeeping: expired rows are also removed lazily when presented. */
  async pruneExpiredSessions(): Promise<number> {
    const { count } = await this.db.session.deleteMany({ where: { expiresAt: { lte: new Date(this.now()) } } });
    return count;
  }
}
