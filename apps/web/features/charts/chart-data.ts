// The kind page's charts as data: which series each chart draws, and the words that stand in for
// the picture (a chart's text alternative: the latest values, and the busiest point of the last
// minute, which the e2e test reads instead of pixels). Pure, so tested without a browser.
import { reconcileResults, totalRate } from '@opstudio/shared/metrics/index';
import type { ControllerPoint, ReconcileResult } from '@opstudio/shared/metrics/index';

export interface ChartSeries {
  readonly key: string;
  readonly label: string;
  /** A colour variable of globals.css, so dark mode follows. */
  readonly color: string;
  readonly unit: 'per second' | 'seconds' | 'items';
  readonly value: (p: ControllerPoint) => number | null;
}

export interface ChartSpec {
  readonly id: 'reconciles' | 'duration' | 'depth' | 'retries';
  readonly title: string;
  readonly series: readonly ChartSeries[];
}

const resultColor: Record<ReconcileResult, string> = {
  success: 'var(--ok)',
  error: 'var(--down)',
  requeue: 'var(--wait)',
  requeue_after: 'var(--accent)',
};

export const charts: readonly ChartSpec[] = [
  {
    id: 'reconciles',
    title: 'Reconciles per second',
    series: reconcileResults.map((r) => ({
      key: r,
      label: r,
      color: resultColor[r],
      unit: 'per second',
      value: (p: ControllerPoint) => p.reconcilesPerSecond[r],
    })),
  },
  {
    id: 'duration',
    title: 'Reconcile duration',
    series: [
      { key: 'p50', label: 'p50', color: 'var(--accent)', unit: 'seconds', value: (p) => p.p50Seconds },
      { key: 'p99', label: 'p99', color: 'var(--wait)', unit: 'seconds', value: (p) => p.p99Seconds },
    ],
  },
  {
    id: 'depth',
    title: 'Work-queue depth',
    series: [{ key: 'depth', label: 'depth', color: 'var(--accent)', unit: 'items', value: (p) => p.depth }],
  },
  {
    id: 'retries',
    title: 'Retries per second',
    series: [
      { key: 'retries', label: 'retries', color: 'var(--down)', unit: 'per second', value: (p) => p.retriesPerSecond },
    ],
  },
];

export function valueText(value: number | null, unit: ChartSeries['unit']): string {
  if (value === null) return '–';
  if (unit === 'seconds') return value < 1 ? `${Math.round(value * 1000)} ms` : `${value.toFixed(2)} s`;
  if (unit === 'items') return String(Number(value.toFixed(1)));
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)}/s`;
}

/** The chart's text alternative: "latest: success 0.20/s, error 0.00/s, …". */
export function latestText(spec: ChartSpec, points: readonly ControllerPoint[]): string {
  const last = points.at(-1);
  if (last === undefined) return 'no samples yet';
  return `latest: ${spec.series.map((s) => `${s.label} ${valueText(s.value(last), s.unit)}`).join(', ')}`;
}

/** The largest value any series of the chart reached in the last `ms` (0 when none): what "it moved" means. */
export function recentPeak(spec: ChartSpec, points: readonly ControllerPoint[], now: number, ms = 60_000): number {
  let peak = 0;
  for (const p of points)
    if (p.at >= now - ms)
      for (const s of spec.series) peak = Math.max(peak, spec.id === 'reconciles' ? totalRate(p) : (s.value(p) ?? 0));
  return peak;
}

/**
 * The time axis: the last `windowMs`, or, while the history is younger than that (a process that
 * just started), from its first point, so the first minutes fill the chart instead of its last
 * pixels; never narrower than `minSpanMs`.
 */
export function timeDomain(
  points: readonly ControllerPoint[],
  now: number,
  windowMs: number,
  minSpanMs = 120_000,
): readonly [number, number] {
  const first = points[0]?.at ?? now;
  return [Math.min(now - minSpanMs, Math.max(now - windowMs, first)), now];
}
