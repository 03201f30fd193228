// A work-queue controller: a workqueue and N workers that call `reconcile(key, triggers)` and turn
// its Outcome into queue actions in one switch (controller-runtime's reconcileHandler). A runnable:
// `start(signal)` runs until the signal aborts, then waits for the reconciles in flight.
// Event sources (informers) call `enqueue(key, trigger)`; they are wired by whoever builds it.
import type { Clock } from './clock';
import { realClock } from './clock';
import {
  activeWorkers,
  initControllerMetrics,
  reconcileErrors,
  reconcileTime,
  reconcileTotal,
  terminalReconcileErrors,
} from './metrics';
import type { ControllerLabels, ReconcileResultLabel } from './metrics';
import { NO_CLUSTER, prometheusQueueMetrics } from './metrics';
import type { Outcome } from './outcome';
import { outcome as outcomes } from './outcome';
import type { RateLimiter } from './rate-limiter';
import type { Trigger } from './triggers';
import { WorkQueue } from './workqueue';

/** An outcome and, when the reconciler gives one, its account of the run (for the history). */
export type Reconciled<R = unknown> = Outcome & { readonly report?: R };

export type Reconcile<R = unknown> = (
  key: string,
  triggers: readonly Trigger[],
  signal: AbortSignal,
) => Promise<Reconciled<R>>;

/** The runtime's account of one call of `reconcile` by a worker: which key, why, when, how long, and its Outcome. */
export interface ReconcileAttempt<R = unknown> {
  readonly controller: string;
  readonly key: string;
  readonly triggers: readonly Trigger[];
  readonly droppedTriggers: number;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly outcome: Outcome;
  /** The error message for `error` and `terminal` outcomes. */
  readonly error?: string;
  /** What the reconciler reported of the run (none when the object was already gone). */
  readonly report?: R;
}

export interface WorkQueueControllerOptions<R = unknown> {
  /** Metric label and queue name (controller-runtime uses the lower-cased kind, e.g. "memcached"). */
  readonly name: string;
  /** The kubeconfig context of the manager running it: every metric's `cluster` label (default NO_CLUSTER). */
  readonly cluster?: string;
  readonly reconcile: Reconcile<R>;
  readonly maxConcurrentReconciles?: number;
  /** Called after every reconcile; may be async (its failures are logged, never retried, never block the worker). */
  readonly onRun?: (attempt: ReconcileAttempt<R>) => void | Promise<void>;
  readonly clock?: Clock;
  readonly rateLimiter?: RateLimiter;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

/**
 * Named WorkQueueController (controller-runtime calls it a Controller) so it is never confused with
 * a GraphOperator (operators/graph-operator.ts): the informers, resync and reconciler of one
 * installed kind, which runs one of these.
 */
export class WorkQueueController<R = unknown> {
  readonly name: string;
  readonly queue: WorkQueue;
  /** Its metrics' labels: one kind in two clusters runs two controllers of one name. */
  private readonly labels: ControllerLabels;
  private readonly workers: number;
  private readonly clock: Clock;
  private readonly log: (message: string, fields?: Record<string, unknown>) => void;
  private started = false;

  constructor(private readonly opts: WorkQueueControllerOptions<R>) {
    this.name = opts.name;
    this.labels = { controller: opts.name, cluster: opts.cluster ?? NO_CLUSTER };
    this.workers = Math.max(1, opts.maxConcurrentReconciles ?? 1);
    this.clock = opts.clock ?? realClock;
    this.log = opts.log ?? (() => undefined);
    this.queue = new WorkQueue({
      name: opts.name,
      clock: this.clock,
      rateLimiter: opts.rateLimiter,
      metrics: prometheusQueueMetrics(opts.name, { cluster: this.labels.cluster, now: () => this.clock.now() }),
    });
  }

  /** Asks for a reconcile of `key` (namespace/name), remembering why. */
  enqueue(key: string, trigger: Trigger): void {
    this.queue.add(key, trigger);
  }

  /** Whether a reconcile of `key` is running now (its run's report has not been made yet). */
  isProcessing(key: string): boolean {
    return this.queue.isProcessing(key);
  }

  /** Runs the workers until `signal` aborts; resolves once every reconcile in flight has finished. */
  async start(signal: AbortSignal): Promise<void> {
    if (this.started)
      throw new Error(`controller ${this.name} was already started: build a new WorkQueueController to start again`);
    this.started = true;
    initControllerMetrics(this.labels, this.workers);
    const stop = () => void this.queue.shutDown();
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    this.log('Starting workers', { controller: this.name, 'worker count': this.workers });
    await Promise.all(Array.from({ length: this.workers }, () => this.worker(signal)));
    await this.queue.shutDown();
    this.log('All workers finished', { controller: this.name });
  }

  private async worker(signal: AbortSignal): Promise<void> {
    for (;;) {
      const item = await this.queue.get();
      if (item === undefined) return;
      activeWorkers.inc(this.labels);
      try {
        await this.process(item.key, item.triggers, item.droppedTriggers, signal);
      } finally {
        activeWorkers.dec(this.labels);
        this.queue.done(item.key);
      }
    }
  }

  private async process(
    key: string,
    triggers: readonly Trigger[],
    droppedTriggers: number,
    signal: AbortSignal,
  ): Promise<void> {
    const startedAt = this.clock.now();
    let result: Reconciled<R>;
    try {
      result = await this.opts.reconcile(key, triggers, signal);
    } catch (err) {
      result = outcomes.fromThrown(err);
    }
    const durationMs = this.clock.now() - startedAt;
    reconcileTime.observe(this.labels, durationMs / 1000);
    this.handle(key, result);
    this.report({
      controller: this.name,
      key,
      triggers,
      droppedTriggers,
      startedAt: new Date(startedAt),
      durationMs,
      outcome: result,
      ...('error' in result ? { error: result.error.message } : {}),
      ...(result.report !== undefined ? { report: result.report } : {}),
    });
  }

  /** The one place an outcome becomes queue actions and metrics. */
  private handle(key: string, result: Outcome): void {
    // label order as controller-runtime writes it (controller, result), then cluster
    const count = (label: ReconcileResultLabel) =>
      reconcileTotal.inc({ controller: this.name, result: label, cluster: this.labels.cluster });
    switch (result.kind) {
      case 'done':
        this.queue.forget(key);
        count('success');
        return;
      case 'requeueAfter':
        this.queue.forget(key);
        this.queue.addAfter(key, result.ms, { kind: 'requeue', afterMs: result.ms });
        count('requeue_after');
        return;
      case 'error':
        this.queue.addRateLimited(key, result.error.message);
        reconcileErrors.inc(this.labels);
        count('error');
        this.log('Reconciler error', { controller: this.name, key, error: result.error.message });
        return;
      case 'terminal':
        this.queue.forget(key);
        terminalReconcileErrors.inc(this.labels);
        reconcileErrors.inc(this.labels);
        count('error');
        this.log('Reconciler terminal error (not retried)', {
          controller: this.name,
          key,
          error: result.error.message,
        });
        return;
    }
  }

  private report(attempt: ReconcileAttempt<R>): void {
    if (this.opts.onRun === undefined) return;
    try {
      const pending = this.opts.onRun(attempt);
      if (pending instanceof Promise)
        pending.catch((err: unknown) =>
          this.log('onRun hook failed', { controller: this.name, key: attempt.key, error: String(err) }),
        );
    } catch (err) {
      this.log('onRun hook failed', { controller: this.name, key: attempt.key, error: String(err) });
    }
  }
}
