'use client';
// One small live line chart over a fixed time window (uPlot, docs/design/0033-kind-charts.md).
// The picture is for the eye; its caption is the text alternative (the legend and the latest values),
// and `data-recent-peak` lets tests read "it moved in the last minute" without reading pixels.
import type { ControllerPoint } from '@opstudio/shared/metrics/index';
import { useMemo } from 'react';
import type uPlot from 'uplot';
import { latestText, recentPeak, timeDomain, valueText } from './chart-data';
import type { ChartSpec } from './chart-data';
import styles from './charts.module.css';
import { UPlotChart } from './UPlotChart';

const PLOT_HEIGHT = 120;
/** The smallest top of each y axis: 1/s, 10 ms, 1 item. */
const Y_FLOOR = { 'per second': 1, seconds: 0.01, items: 1 } as const;

export function SmallChart({
  spec,
  points,
  now,
  windowMs,
}: {
  readonly spec: ChartSpec;
  readonly points: readonly ControllerPoint[];
  readonly now: number;
  readonly windowMs: number;
}) {
  const unit = spec.series[0]?.unit ?? 'items';
  const data = useMemo(
    (): uPlot.AlignedData => [points.map((p) => p.at), ...spec.series.map((s) => points.map((p) => s.value(p)))],
    [points, spec],
  );
  const xRange = useMemo(() => timeDomain(points, now, windowMs), [points, now, windowMs]);
  const titleId = `chart-${spec.id}-title`;
  const captionId = `chart-${spec.id}-caption`;
  return (
    <figure
      className={styles.chart}
      aria-labelledby={titleId}
      aria-describedby={captionId}
      data-chart={spec.id}
      data-recent-peak={recentPeak(spec, points, now)}
    >
      <h3 id={titleId} className={styles.title}>
        {spec.title}
      </h3>
      {/* the canvas repeats the caption's numbers: hidden from screen readers, which read the caption */}
      <div className={styles.plot} aria-hidden="true">
        <UPlotChart
          series={spec.series}
          data={data}
          xRange={xRange}
          height={PLOT_HEIGHT}
          formatY={(v) => valueText(v, unit)}
          yFloor={Y_FLOOR[unit]}
        />
      </div>
      <figcaption id={captionId} className={styles.caption}>
        <span className={styles.legend}>
          {spec.series.map((s) => (
            <span key={s.key} className={styles.key} style={{ ['--key' as string]: s.color }}>
              {s.label}
            </span>
          ))}
        </span>
        <span>{latestText(spec, points)}</span>
      </figcaption>
    </figure>
  );
}
