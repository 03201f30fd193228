// A rate-limited, delaying work queue with client-go's `util/workqueue` semantics, plus triggers:
//   - a key is handed to one worker at a time (`processing`);
//   - adds of a key that is already waiting collapse into one run (`dirty`);
//   - a key added while it is processing is held back and queued again by `done`, so it runs
//     once more afterwards and never concurrently;
//   - `addAfter` holds a key until a time (the earliest wins when it is delayed twice);
//   - `addRateLimited` delays by the rate limiter (retries), `forget` resets its failures.
// Unlike client-go, every add carries the Trigger that caused it, and `get()` returns all the
// triggers collapsed into that run.
import type { Clock, Timer } from './clock';
import { realClock } from './clock';
import type { RateLimiter } from './rate-limiter';
import { defaultControllerRateLimiter } from './rate-limiter';
import type { Trigger } from './triggers';

export interface WorkItem {
  readonly key: string;
  /** Every cause collapsed into this run, oldest first (at most `maxTriggersPerRun`). */
  readonly triggers: readonly Trigger[];
  /** Triggers left out beyond the cap (a resync storm must not grow one run without bound). */
  readonly droppedTriggers: number;
}

/** What a queue reports to a metrics provider (see metrics.ts); the queue works without one. */
export interface QueueMetrics {
  added(): void;
  depth(delta: number): void;
  /** Seconds between the add and the `get` that handed the key out. */
  queued(seconds: number): void;
  /** Seconds between `get` and `done`. */
  worked(seconds: number): void;
  retried(): void;
  /** The queue's in-flight start times (ms), read at scrape time for the unfinished-work gauges. */
  watchInFlight(startTimes: () => Iterable<number>): void;
  close(): void;
}

export interface WorkQueueOptions {
  readonly name: string;
  readonly clock?: Clock;
  readonly rateLimiter?: RateLimiter;
  readonly metrics?: QueueMetrics;
  readonly maxTriggersPerRun?: number;
}

interface Pending {
  triggers: Trigger[];
  dropped: number;
}

interface Delayed {
  readyAt: number;
  readonly triggers: Trigger[];
}

export class WorkQueue {
  readonly name: string;
  private readonly clock: Clock;
  private readonly limiter: RateLimiter;
  private readonly metrics: QueueMetrics | undefined;
  private readonly maxTriggers: number;
  /** Keys ready to hand out, in FIFO order; each is also in `dirty`. */
  private readonly ready: string[] = [];
  /** Keys that need a run (ready, or re-added while processing), with their triggers. */
  private readonly dirty = new Map<string, Pending>();
  /** Keys handed out and not yet `done`, with the time they were handed out. */
  private readonly processing = new Map<string, number>();
  private readonly addedAt = new Map<string, number>();
  private readonly delayed = new Map<string, Delayed>();
  private delayTimer: Timer | undefined;
  private readonly getters: Array<(item: WorkItem | undefined) => void> = [];
  private readonly drainWaiters: Array<() => void> = [];
  private shuttingDown = false;

  constructor(opts: WorkQueueOptions) {
    this.name = opts.name;
    this.clock = opts.clock ?? realClock;
    this.limiter = opts.rateLimiter ?? defaultControllerRateLimiter(this.clock);
    this.metrics = opts.metrics;
    this.maxTriggers = opts.maxTriggersPerRun ?? 50;
    this.metrics?.watchInFlight(() => this.processing.values());
  }

  /** Marks `key` as needing a run now. */
  add(key: string, trigger: Trigger): void {
    if (this.shuttingDown) return;
    const pending = this.dirty.get(key);
    if (pending !== undefined) {
      this.remember(pending, trigger);
      return;
    }
    this.metrics?.added();
    this.metrics?.depth(1);
    this.dirty.set(key, { triggers: [trigger], dropped: 0 });
    if (!this.addedAt.has(key)) this.addedAt.set(key, this.clock.now());
    if (this.processing.has(key)) return; // `done` queues it again
    this.ready.push(key);
    this.handOut();
  }

  /** Adds `key` after `ms` (controller-runtime's RequeueAfter). Counts as a retry, as in client-go. */
  addAfter(key: string, ms: number, trigger: Trigger): void {
    if (this.shuttingDown) return;
    this.metrics?.retried();
    if (ms <= 0) {
      this.add(key, trigger);
      return;
    }
    const readyAt = this.clock.now() + ms;
    const existing = this.delayed.get(key);
    if (existing === undefined) {
      this.delayed.set(key, { readyAt, triggers: [trigger] });
    } else {
      existing.triggers.push(trigger);
      existing.readyAt = Math.min(existing.readyAt, readyAt);
    }
    this.armDelayTimer();
  }

  /** Adds `key` after the rate limiter's delay, with a `retry` trigger carrying the error. */
  addRateLimited(key: string, error: string): void {
    if (this.shuttingDown) return;
    const delay = this.limiter.when(key);
    this.addAfter(key, delay, { kind: 'retry', attempt: this.limiter.numRequeues(key), error });
  }

  /** Resets `key`'s failure count (its next retry starts at the base delay again). */
  forget(key: string): void {
    this.limiter.forget(key);
  }

  numRequeues(key: string): number {
    return this.limiter.numRequeues(key);
  }

  /** The next key to work on, or undefined once the queue shuts down. Call `done(key)` after. */
  get(): Promise<WorkItem | undefined> {
    if (this.ready.length > 0) return Promise.resolve(this.take());
    if (this.shuttingDown) return Promise.resolve(undefined);
    return new Promise((resolve) => this.getters.push(resolve));
  }

  /** Ends `key`'s run; if it was added meanwhile, it is queued again now. */
  done(key: string): void {
    const startedAt = this.processing.get(key);
    if (startedAt === undefined) return;
    this.processing.delete(key);
    this.metrics?.worked((this.clock.now() - startedAt) / 1000);
    if (this.dirty.has(key)) {
      this.ready.push(key);
      this.handOut();
    } else if (this.processing.size === 0) {
      this.drained();
    }
  }

  /** Whether a worker holds `key` now (handed out, not yet `done`). */
  isProcessing(key: string): boolean {
    return this.processing.has(key);
  }

  /** Keys waiting to be handed out (client-go's Len). */
  get length(): number {
    return this.ready.length;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /**
   * Stops taking adds, drops what is waiting (the controller is stopping; a level-triggered
   * controller relists everything when it starts again), wakes idle workers with `undefined`,
   * and resolves once every key being processed is `done`.
   */
  shutDown(): Promise<void> {
    if (!this.shuttingDown) {
      this.shuttingDown = true;
      this.delayTimer?.cancel();
      this.delayTimer = undefined;
      this.delayed.clear();
      this.metrics?.depth(-this.dirty.size);
      this.ready.length = 0;
      this.dirty.clear();
      this.addedAt.clear();
      for (const resolve of this.getters.splice(0)) resolve(undefined);
      this.metrics?.close();
    }
    if (this.processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  private remember(pending: Pending, trigger: Trigger): void {
    if (pending.triggers.length < this.maxTriggers) pending.triggers.push(trigger);
    else pending.dropped += 1;
  }

  private take(): WorkItem | undefined {
    const key = this.ready.shift();
    if (key === undefined) return undefined;
    const pending = this.dirty.get(key) ?? { triggers: [], dropped: 0 };
    this.dirty.delete(key);
    const now = this.clock.now();
    this.processing.set(key, now);
    this.metrics?.depth(-1);
    const addedAt = this.addedAt.get(key);
    this.addedAt.delete(key);
    if (addedAt !== undefined) this.metrics?.queued((now - addedAt) / 1000);
    return { key, triggers: pending.triggers, droppedTriggers: pending.dropped };
  }

  private handOut(): void {
    while (this.getters.length > 0 && this.ready.length > 0) {
      const resolve = this.getters.shift();
      resolve?.(this.take());
    }
  }

  private drained(): void {
    if (!this.shuttingDown) return;
    for (const resolve of this.drainWaiters.splice(0)) resolve();
  }

  private armDelayTimer(): void {
    this.delayTimer?.cancel();
    this.delayTimer = undefined;
    let earliest = Infinity;
    for (const d of this.delayed.values()) earliest = Math.min(earliest, d.readyAt);
    if (earliest === Infinity) return;
    this.delayTimer = this.clock.setTimer(() => this.releaseDue(), earliest - this.clock.now());
  }

  private releaseDue(): void {
    this.delayTimer = undefined;
    const now = this.clock.now();
    for (const [key, d] of [...this.delayed]) {
      if (d.readyAt > now) continue;
      this.delayed.delete(key);
      for (const trigger of d.triggers) this.add(key, trigger);
    }
    this.armDelayTimer();
  }
}
