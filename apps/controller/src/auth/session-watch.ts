// Open live streams end with the session behind them. A stream outlives the request that checked
// its session, so one watcher per process re-reads, in ONE query every 2 s, all the sessions that
// back open streams: a row that is gone (sign-out, password change, user deleted: also by
// `opstudio admin` in another process, which shares the database but not this process's memory)
// or past its expiry ends its streams; a changed role is handed to the stream's filter. Changes
// made in this process `nudge` it to check at once instead of at the next tick.
import type { StudioUser } from './roles';

/** The session behind a request (multi-user mode), as the tRPC context carries it. */
export interface SessionRef {
  /** The SHA-256 of the cookie token, as the Session row is keyed. */
  readonly id: string;
  readonly expiresAt: Date;
}

export interface SessionState extends SessionRef {
  readonly user: StudioUser;
}

export interface WatchedSession {
  /** The user as of the latest check: a role change shows here. */
  readonly user: StudioUser;
  /** Aborted when the session ends. */
  readonly signal: AbortSignal;
  /** The stream ended: stop watching (idempotent). */
  stop(): void;
}

export interface SessionWatcherOptions {
  readonly intervalMs?: number;
  readonly now?: () => number;
  readonly log?: (message: string) => void;
}

interface Watch {
  user: StudioUser;
  readonly ended: AbortController;
}

export const SESSION_CHECK_MS = 2_000;

export class SessionWatcher {
  private readonly bySession = new Map<string, Set<Watch>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private checking: Promise<void> | undefined;
  private again = false;
  private failing = false;

  constructor(
    /** One query for all the given ids; sessions missing from the answer are gone. */
    private readonly load: (ids: readonly string[]) => Promise<readonly SessionState[]>,
    private readonly opts: SessionWatcherOptions = {},
  ) {}

  watch(session: SessionRef, user: StudioUser): WatchedSession {
    const w: Watch = { user, ended: new AbortController() };
    let watches = this.bySession.get(session.id);
    if (watches === undefined) this.bySession.set(session.id, (watches = new Set()));
    watches.add(w);
    this.timer ??= setInterval(() => void this.nudge(), this.opts.intervalMs ?? SESSION_CHECK_MS).unref();
    if (session.expiresAt.getTime() <= this.now()) this.end(session.id);
    return {
      get user() {
        return w.user;
      },
      signal: w.ended.signal,
      stop: () => this.forget(session.id, w),
    };
  }

  /** Re-validate now (a change made in this process); a check under way is followed by one more. */
  nudge(): Promise<void> {
    if (this.checking !== undefined) {
      this.again = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        await this.check();
      } while (this.again);
    })().finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Open streams being watched (tests, metrics). */
  get watching(): number {
    let n = 0;
    for (const watches of this.bySession.values()) n += watches.size;
    return n;
  }

  private async check(): Promise<void> {
    const ids = [...this.bySession.keys()];
    if (ids.length === 0) return;
    let rows: readonly SessionState[];
    try {
      rows = await this.load(ids);
      this.failing = false;
    } catch (err) {
      // keep the streams: a database hiccup is not a sign-out; say so once per outage
      if (!this.failing)
        this.opts.log?.(`cannot re-check the sessions of open live streams: ${(err as Error).message}`);
      this.failing = true;
      return;
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const now = this.now();
    for (const id of ids) {
      const row = byId.get(id);
      if (row === undefined || row.expiresAt.getTime() <= now) {
        this.end(id);
        continue;
      }
      for (const w of this.bySession.get(id) ?? []) {
        if (w.user.role !== row.user.role || w.user.name !== row.user.name) w.user = row.user;
      }
    }
  }

  private end(id: string): void {
    const watches = this.bySession.get(id);
    this.bySession.delete(id);
    for (const w of watches ?? []) w.ended.abort();
    this.stopTimerIfIdle();
  }

  private forget(id: string, w: Watch): void {
    const watches = this.bySession.get(id);
    if (watches?.delete(w) === true && watches.size === 0) this.bySession.delete(id);
    this.stopTimerIfIdle();
  }

  private stopTimerIfIdle(): void {
    if (this.bySession.size > 0 || this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }
}
