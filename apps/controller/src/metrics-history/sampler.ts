// The last 15 minutes of each controller's own metrics, kept in this process: every 5 s the
// sampler reads prom-client's registry (what /metrics serves, so the charts and a Prometheus scrape
// agree) and appends to each controller's ring the point between that sample and the one before.
// The arithmetic (rates, PromQL-style quantiles) is packages/shared/src/metrics. The registry is per process, so the
// history is too: only the Lease holder reconciles, so a standby's rings stay flat (the router says so).
import { pointBetween, Ring, reconcileResults } from '@opstudio/shared/metrics/index';
import type { Bucket, ControllerPoint, ControllerSample, ReconcileResult } from '@opstudio/shared/metrics/index';
import { register } from 'prom-client';
import type { MetricValue } from 'prom-client';

export const SAMPLE_EVERY_MS = 5_000;
export const WINDOW_MS = 15 * 60_000;

type Values = MetricValue<string>[];

async function values(name: string): Promise<Values> {
  const metric = register.getSingleMetric(name);
  return metric === undefined ? [] : (await metric.get()).values;
}

/** Adds `v` under `key` (a controller's name) in `into`, creating the entry with `make`. */
function group<T>(into: Map<string, T>, key: unknown, make: () => T, add: (entry: T) => void): void {
  if (typeof key !== 'string') return;
  let entry = into.get(key);
  if (entry === undefined) into.set(key, (entry = make()));
  add(entry);
}

/** One sample per controller that has a reconcile series, read from the registry now (one pass per metric). */
export async function readSamples(at: number): Promise<Map<string, ControllerSample>> {
  const [reconciles, time, depth, retries] = await Promise.all([
    values('controller_runtime_reconcile_total'),
    values('controller_runtime_reconcile_time_seconds'),
    values('workqueue_depth'),
    values('workqueue_retries_total'),
  ]);
  const zero = () => Object.fromEntries(reconcileResults.map((r) => [r, 0])) as Record<ReconcileResult, number>;
  const byResult = new Map<string, Record<ReconcileResult, number>>();
  for (const v of reconciles)
    group(byResult, v.labels.controller, zero, (e) => {
      const r = v.labels.result as ReconcileResult;
      if (r in e) e[r] += v.value;
    });
  const buckets = new Map<string, Bucket[]>();
  for (const v of time)
    if (v.labels.le !== undefined && (v as { metricName?: string }).metricName?.endsWith('_bucket') === true)
      group(
        buckets,
        v.labels.controller,
        () => [],
        (e) => e.push({ le: v.labels.le === '+Inf' ? Infinity : Number(v.labels.le), count: v.value }),
      );
  const gauge = (vs: Values) => {
    const m = new Map<string, { n: number }>();
    for (const v of vs)
      group(
        m,
        v.labels.name,
        () => ({ n: 0 }),
        (e) => (e.n += v.value),
      );
    return m;
  };
  const depths = gauge(depth);
  const retried = gauge(retries);
  const samples = new Map<string, ControllerSample>();
  for (const [c, reconcilesByResult] of byResult)
    samples.set(c, {
      at,
      reconciles: reconcilesByResult,
      durationBuckets: buckets.get(c) ?? [],
      depth: depths.get(c)?.n ?? 0,
      retries: retried.get(c)?.n ?? 0,
    });
  return samples;
}

export class MetricsHistory {
  /** Each controller's points (what the charts draw): a few numbers each, not its 40 histogram buckets. */
  private readonly rings = new Map<string, Ring<ControllerPoint>>();
  /** Each controller's latest cumulative sample, the start of its next interval. */
  private readonly last = new Map<string, ControllerSample>();
  private readonly capacity: number;

  constructor(
    readonly everyMs = SAMPLE_EVERY_MS,
    windowMs = WINDOW_MS,
  ) {
    this.capacity = Math.max(1, Math.ceil(windowMs / everyMs));
  }

  async sample(at = Date.now()): Promise<void> {
    for (const [controller, s] of await readSamples(at)) {
      const before = this.last.get(controller);
      this.last.set(controller, s);
      if (before === undefined) continue;
      let ring = this.rings.get(controller);
      if (ring === undefined) this.rings.set(controller, (ring = new Ring(this.capacity)));
      ring.push(pointBetween(before, s));
    }
  }

  /** Oldest first. */
  points(controller: string): ControllerPoint[] {
    return this.rings.get(controller)?.toArray() ?? [];
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
