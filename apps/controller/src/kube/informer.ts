// A list-watch cache that never gives up. client-node 1.4's informer (ListWatch, what
// makeInformer builds) relists on 410 but stops for good on any other error, and it cannot ask
// for bookmarks. This wraps it:
//   - every error restarts it after an exponential backoff (reset once a watch is open again);
//   - watches ask for bookmarks and a server-side timeout, so a healthy watch is never silent
//     for long, and a watchdog restarts one that is (a half-open connection sends nothing);
//   - `kick()` retries at once (the health probe saw the API server come back: kube/cluster-watcher
//     and services.ts kick every informer of the shared cache); a restart re-watches from the last
//     resourceVersion, and a 410 there (the server's watch window moved on) relists, so no change
//     made during an outage is missed.
// Reads come from the cache: `list()` / `get()`.
import { ListWatch, Watch } from '@kubernetes/client-node';
import type { KubeConfig, KubernetesListObject, KubernetesObject } from '@kubernetes/client-node';
import { Backoff } from './backoff';

export type InformerState = 'starting' | 'watching' | 'retrying' | 'stopped';
type ObjectHandler<T> = (obj: T) => void;
type WatchCallback = (phase: string, apiObj: any, watchObj?: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any -- client-node's own signature
type QueryParams = Record<string, string | number | boolean | undefined>;
type DoneCallback = (err: unknown) => void;

export interface ResilientInformerOptions<T extends KubernetesObject> {
  readonly kc: KubeConfig;
  /** The watch path, e.g. /api/v1/namespaces. */
  readonly path: string;
  readonly list: () => Promise<KubernetesListObject<T>>;
  readonly labelSelector?: string;
  /** Restart a watch that has sent nothing (not even a bookmark) for this long. */
  readonly silenceMs?: number;
  /** The server closes each watch after a random time in [min, 2·min) seconds; we re-watch from the last version. */
  readonly watchTimeoutSeconds?: number;
  /** A list that has not answered by then counts as failed (the generated client has no timeout). */
  readonly listTimeoutMs?: number;
  readonly log?: (message: string) => void;
  /**
   * Applied to each object a watch event carries before the cache stores it (client-go's
   * SetTransform), e.g. to drop fields nobody reads; keep metadata.name/namespace/resourceVersion.
   * The `list` function applies it to what it lists itself.
   */
  readonly transform?: (obj: T) => T;
}

interface OpenWatch {
  readonly controller: AbortController;
  readonly finish: DoneCallback;
}

export class ResilientInformer<T extends KubernetesObject> {
  private readonly lw: ListWatch<T>;
  private readonly rawWatch: Watch;
  private readonly backoff = new Backoff({ jitter: 0.2 });
  private current: OpenWatch | undefined;
  private lastActivity = Date.now();
  private retryTimer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private stateValue: InformerState = 'stopped';
  /** Set by stop() for good: a watch or list still in flight then must not bring the informer back. */
  private halted = false;
  private everSynced = false;
  /** A restart (list and/or watch request) is in flight. */
  private attempting = false;
  private lastErrorValue: string | undefined;
  private readonly stateListeners = new Set<(state: InformerState) => void>();
  private readonly silenceMs: number;
  private readonly log: (message: string) => void;

  constructor(private readonly opts: ResilientInformerOptions<T>) {
    this.silenceMs = opts.silenceMs ?? 150_000;
    this.log = opts.log ?? (() => undefined);
    this.rawWatch = new Watch(opts.kc);
    const watch = new HookedWatch(opts.kc, (path, params, cb, done) => this.openWatch(path, params, cb, done));
    const listTimeoutMs = opts.listTimeoutMs ?? 60_000;
    this.lw = new ListWatch<T>(
      opts.path,
      watch,
      () => withTimeout(opts.list(), listTimeoutMs, `list ${opts.path}`),
      false,
      opts.labelSelector,
    );
    this.lw.on('error', (err?: unknown) => this.onError(err));
  }

  /** Starts listing and watching; resolves after the first attempt (synced or not). Stops when `signal` aborts. */
  async start(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    this.halted = false;
    signal.addEventListener('abort', () => this.stop(), { once: true });
    this.setState('starting');
    this.watchdog = setInterval(() => this.checkSilence(), Math.max(50, Math.floor(this.silenceMs / 4)));
    this.watchdog.unref();
    await this.restart();
  }

  on(verb: 'add' | 'update' | 'delete', cb: ObjectHandler<T>): void {
    this.lw.on(verb, cb);
  }

  onState(cb: (state: InformerState) => void): () => void {
    this.stateListeners.add(cb);
    return () => this.stateListeners.delete(cb);
  }

  list(namespace?: string): readonly T[] {
    return this.lw.list(namespace);
  }

  get(name: string, namespace?: string): T | undefined {
    return this.lw.get(name, namespace);
  }

  get state(): InformerState {
    return this.stateValue;
  }

  /** True once a full list has landed in the cache (it stays true: the cache keeps serving during outages). */
  get synced(): boolean {
    return this.everSynced;
  }

  /** Resolves true once synced, false after `timeoutMs` (callers then read what there is). */
  async waitForSync(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.everSynced && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    return this.everSynced;
  }

  get lastError(): string | undefined {
    return this.lastErrorValue;
  }

  /**
   * Retry now instead of waiting out the backoff (the API server is reachable again). An attempt
   * already in flight is not doubled (two would open two watches); if it fails, the reset
   * backoff retries it after the first step (200 ms).
   */
  kick(): void {
    if (this.stateValue !== 'retrying') return;
    this.backoff.reset();
    if (!this.attempting) this.scheduleRestart(0);
  }

  private stop(): void {
    this.halted = true;
    this.setState('stopped');
    clearTimeout(this.retryTimer);
    clearInterval(this.watchdog);
    // ListWatch reports the abort as an error; onError ignores it once stopped.
    void this.lw.stop();
  }

  private async restart(): Promise<void> {
    if (this.halted || this.attempting) return;
    this.attempting = true;
    try {
      await this.lw.start();
    } catch (err) {
      this.onError(err);
    } finally {
      this.attempting = false;
    }
  }

  private async openWatch(
    path: string,
    params: QueryParams,
    cb: WatchCallback,
    done: DoneCallback,
  ): Promise<AbortController> {
    let finished = false;
    const finish: DoneCallback = (err) => {
      if (finished) return;
      finished = true;
      if (this.current?.finish === finish) this.current = undefined;
      done(err);
    };
    const min = this.opts.watchTimeoutSeconds ?? 60;
    const query = { ...params, allowWatchBookmarks: true, timeoutSeconds: min + Math.floor(Math.random() * min) };
    this.lastActivity = Date.now();
    const onEvent: WatchCallback = (phase, obj, raw) => {
      this.lastActivity = Date.now();
      const transform = this.opts.transform;
      const stored = phase === 'ADDED' || phase === 'MODIFIED' || phase === 'DELETED';
      cb(phase, stored && transform !== undefined ? transform(obj as T) : obj, raw);
    };
    const controller = await this.rawWatch.watch(path, query, onEvent, finish);
    if (this.halted) {
      // stop() came while this watch was connecting (ListWatch had no request to abort yet).
      controller.abort();
      finished = true;
      return controller;
    }
    if (!finished) {
      // The list (if any) landed and the watch stream is open: healthy again.
      this.current = { controller, finish };
      this.everSynced = true;
      this.lastErrorValue = undefined;
      this.backoff.reset();
      this.setState('watching');
    }
    return controller;
  }

  private onError(err: unknown): void {
    if (this.halted) return;
    this.lastErrorValue = describe(err);
    const delay = this.backoff.next();
    this.log(`informer ${this.opts.path}: ${this.lastErrorValue}; retrying in ${delay} ms`);
    this.setState('retrying');
    this.scheduleRestart(delay);
  }

  private scheduleRestart(delay: number): void {
    clearTimeout(this.retryTimer);
    if (this.halted) return;
    this.retryTimer = setTimeout(() => void this.restart(), delay);
  }

  private checkSilence(): void {
    const open = this.current;
    if (open === undefined || Date.now() - this.lastActivity < this.silenceMs) return;
    this.log(
      `informer ${this.opts.path}: watch silent for ${Math.round((Date.now() - this.lastActivity) / 1000)} s; restarting it`,
    );
    this.current = undefined;
    open.controller.abort();
    // A clean close: ListWatch re-watches from the last resourceVersion (a 410 there relists).
    open.finish(null);
  }

  private setState(state: InformerState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    for (const cb of this.stateListeners) cb(state);
  }
}

/** A Watch whose `watch()` goes through our hook (to add query parameters and track activity). */
class HookedWatch extends Watch {
  constructor(
    kc: KubeConfig,
    private readonly hook: (
      path: string,
      params: QueryParams,
      cb: WatchCallback,
      done: DoneCallback,
    ) => Promise<AbortController>,
  ) {
    super(kc);
  }

  override watch(
    path: string,
    queryParams: QueryParams,
    callback: WatchCallback,
    done: DoneCallback,
  ): Promise<AbortController> {
    return this.hook(path, queryParams, callback, done);
  }
}

function withTimeout<V>(promise: Promise<V>, ms: number, what: string): Promise<V> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown; statusCode?: unknown }).statusCode ?? (err as { code?: unknown }).code;
    const first = err.message.split('\n')[0] ?? err.message;
    return typeof code === 'string' || typeof code === 'number' ? `${first} (${code})` : first;
  }
  return String(err);
}
