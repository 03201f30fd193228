// The last 15 minutes of each controller's own metrics, kept in this process: every 5 s the
// sampler reads prom-client's registry (what /metrics serves, so the charts and a Prometheus scrape
// agree) and appends to each controller's ring the point between that sample and the one before.
// A ring is per (cluster, controller): one studio runs a controller-manager per kubeconfig context,
// and the same kind in two clusters is two controllers of one name (their `cluster` labels differ).
// The arithmetic (rates, PromQL-style quantiles) is packages/shared/src/metrics. The registry is per process, so the
// history is too: only the Lease holder reconciles, so a standby's rings stay flat (the router says so).
import { pointBetween, Ring, reconcileResults } from '@opstudio/shared/metrics/index';
import type { Bucket, ControllerPoint, ControllerSample, ReconcileResult } from '@opstudio/shared/metrics/index';
import { register } from 'prom-client';
import type { MetricValue } from 'prom-client';
import { controllerKey, NO_CLUSTER } from '../runtime/metrics';

export const SAMPLE_EVERY_MS = 5_000;
export const WINDOW_MS = 15 * 60_000;

type Values = MetricValue<string>[];

async function values(name: string): Promise<Values> {
  const metric = register.getSingleMetric(name);
  return metric === undefined ? [] : (await metric.get()).values;
}

/**
 * A series' controller key (controllerKey) from its `cluster` and `controller` (workqueue: `name`)
 * labels; a series without `cluster` is NO_CLUSTER's, as Prometheus reads it.
 */
function seriesKey(cluster: unknown, controller: unknown): string | undefined {
  return typeof controller === 'string'
    ? controllerKey(typeof cluster === 'string' ? cluster : NO_CLUSTER, controller)
    : undefined;
}

const zeroReconciles = () => Object.fromEntries(reconcileResults.map((r) => [r, 0])) as Record<ReconcileResult, number>;

/** Adds a series' value under its (cluster, controller) key in `into`, creating the entry with `make`. */
function group<T>(into: Map<string, T>, key: string | undefined, make: () => T, add: (entry: T) => void): void {
  if (key === undefined) return;
  let entry = into.get(key);
  if (entry === undefined) into.set(key, (entry = make()));
  add(entry);
}

/** One sample per (cluster, controller) that has a reconcile series, read from the registry now (one pass per metric). */
export async function readSamples(at: number): Promise<Map<string, ControllerSample>> {
  const [reconciles, time, depth, retries] = await Promise.all([
    values('controller_runtime_reconcile_total'),
    values('controller_runtime_reconcile_time_seconds'),
    values('workqueue_depth'),
    values('workqueue_retries_total'),
  ]);
  const byResult = new Map<string, Record<ReconcileResult, number>>();
  for (const v of reconciles)
    group(byResult, seriesKey(v.labels.cluster, v.labels.controller), zeroReconciles, (e) => {
      const r = v.labels.result as ReconcileResult;
      if (r in e) e[r] += v.value;
    });
  const buckets = new Map<string, Bucket[]>();
  for (const v of time)
    if (v.labels.le !== undefined && (v as { metricName?: string }).metricName?.endsWith('_bucket') === true)
      group(
        buckets,
        seriesKey(v.labels.cluster, v.labels.controller),
        () => [],
        (e) => e.push({ le: v.labels.le === '+Inf' ? Infinity : Number(v.labels.le), count: v.value }),
      );
  const gauge = (vs: Values) => {
    const m = new Map<string, { n: number }>();
    for (const v of vs)
      group(
        m,
        seriesKey(v.labels.cluster, v.labels.name),
        () => ({ n: 0 }),
        (e) => (e.n += v.value),
      );
    return m;
  };
  const depths = gauge(depth);
  const retried = gauge(retries);
  const samples = new Map<string, ControllerSample>();
  for (const [key, reconcilesByResult] of byResult)
    samples.set(key, {
      at,
      reconciles: reconcilesByResult,
      durationBuckets: buckets.get(key) ?? [],
      depth: depths.get(key)?.n ?? 0,
      retries: retried.get(key)?.n ?? 0,
    });
  return samples;
}

/** A controller's cumulative sample at its start: every series at 0. */
function startOf(at: number): ControllerSample {
  return { at, reconciles: zeroReconciles(), durationBuckets: [], depth: 0, retries: 0 };
}

export class MetricsHistory {
  /** Each (cluster, controller)'s points (what the charts draw): a few numbers each, not its 40 histogram buckets. */
  private readonly rings = new Map<string, Ring<ControllerPoint>>();
  /** Each (cluster, controller)'s latest cumulative sample, the start of its next interval. */
  private readonly last = new Map<string, ControllerSample>();
  private readonly capacity: number;
  /** When the last sample was taken (undefined before the first). */
  private lastAt: number | undefined;

  constructor(
    readonly everyMs = SAMPLE_EVERY_MS,
    windowMs = WINDOW_MS,
  ) {
    this.capacity = Math.max(1, Math.ceil(windowMs / everyMs));
  }

  async sample(at = Date.now()): Promise<void> {
    const previousAt = this.lastAt;
    this.lastAt = at;
    for (const [key, sample] of await readSamples(at)) {
      // A controller's series start at 0 when it starts (initControllerMetrics): one that is new
      // since the last sample started in that interval, and its first reconciles count there.
      const before = this.last.get(key) ?? (previousAt === undefined ? undefined : startOf(previousAt));
      this.last.set(key, sample);
      if (before === undefined) continue;
      let ring = this.rings.get(key);
      if (ring === undefined) this.rings.set(key, (ring = new Ring(this.capacity)));
      ring.push(pointBetween(before, sample));
    }
  }

  /** The points of controller `controller` in cluster `cluster` (its kubeconfig context), oldest first. */
  points(cluster: string, controller: string): ControllerPoint[] {
    return this.rings.get(seriesKey(cluster, controller) ?? '')?.toArray() ?? [];
  }

  /** Samples every `everyMs` until `signal` aborts; the timer never holds the process open. */
  start(signal: AbortSignal): void {
    if (signal.aborted) return;
    const tick = () => void this.sample().catch(() => undefined); // a failed read leaves a gap, as a missed scrape does
    tick();
    const timer = setInterval(tick, this.everyMs);
    timer.unref();
    signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  }
}

let processHistory: MetricsHistory | undefined;

/** The one history of this process (the registry is one per process), sampling from its first use. */
export function metricsHistory(): MetricsHistory {
  if (processHistory === undefined) {
    processHistory = new MetricsHistory();
    processHistory.start(new AbortController().signal);
  }
  return processHistory;
}
