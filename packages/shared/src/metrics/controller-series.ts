// A controller's health over the last minutes, from samples of its own cumulative metrics (what
// /metrics serves): reconciles per second by result and retries per second from counter deltas,
// p50/p99 reconcile duration from the histogram's bucket deltas, work-queue depth as read. Pure;
// the controller samples its registry every few seconds and keeps a window of samples in a ring.
import { bucketIncrease, histogramQuantile } from './histogram-quantile';
import type { Bucket } from './histogram-quantile';

export const reconcileResults = ['success', 'error', 'requeue', 'requeue_after'] as const;
export type ReconcileResult = (typeof reconcileResults)[number];

/** One controller's metrics at one instant, cumulative as Prometheus counters are. */
export interface ControllerSample {
  /** Epoch milliseconds. */
  readonly at: number;
  readonly reconciles: Readonly<Record<ReconcileResult, number>>;
  /** controller_runtime_reconcile_time_seconds, cumulative buckets ending with `le: Infinity`. */
  readonly durationBuckets: readonly Bucket[];
  readonly depth: number;
  readonly retries: number;
}

/** What happened between one sample and the next, stamped with the later sample's time. */
export interface ControllerPoint {
  readonly at: number;
  readonly reconcilesPerSecond: Readonly<Record<ReconcileResult, number>>;
  /** null when no reconcile finished in the interval. */
  readonly p50Seconds: number | null;
  readonly p99Seconds: number | null;
  readonly depth: number;
  readonly retriesPerSecond: number;
}

/** Prometheus' rule: a counter that went down was restarted, so its whole value is the increase. */
function increase(before: number, after: number): number {
  return after >= before ? after - before : after;
}

export function pointBetween(before: ControllerSample, after: ControllerSample): ControllerPoint {
  const seconds = Math.max((after.at - before.at) / 1000, 1e-3);
  const perSecond = (a: number, b: number) => increase(a, b) / seconds;
  const reconcilesPerSecond = Object.fromEntries(
    reconcileResults.map((r) => [r, perSecond(before.reconciles[r], after.reconciles[r])]),
  ) as Record<ReconcileResult, number>;
  const finished = bucketIncrease(before.durationBuckets, after.durationBuckets);
  return {
    at: after.at,
    reconcilesPerSecond,
    p50Seconds: histogramQuantile(0.5, finished),
    p99Seconds: histogramQuantile(0.99, finished),
    depth: after.depth,
    retriesPerSecond: perSecond(before.retries, after.retries),
  };
}

/** One point per pair of consecutive samples, oldest first. */
export function controllerSeries(samples: readonly ControllerSample[]): ControllerPoint[] {
  const points: ControllerPoint[] = [];
  for (let i = 1; i < samples.length; i++) {
    const before = samples[i - 1];
    const after = samples[i];
    if (before !== undefined && after !== undefined) points.push(pointBetween(before, after));
  }
  return points;
}

/** Reconciles per second of every result together. */
export function totalRate(point: ControllerPoint): number {
  return reconcileResults.reduce((sum, r) => sum + point.reconcilesPerSecond[r], 0);
}
