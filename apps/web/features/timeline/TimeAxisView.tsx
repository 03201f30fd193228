'use client';
// The timeline's time-axis view: each run a bar from its start to its end on one shared axis,
// coloured by result, overlapping runs in their own lanes (layout: shared/timeline/time-axis), so a
// burst, a retry storm or a slow reconcile shows at a glance. Hover or focus a bar for its
// triggers; each bar is a button whose name says the same, for keyboards and screen readers.
import { timeAxisLayout } from '@opstudio/shared/timeline/time-axis';
import { useMemo, useState } from 'react';
import { runBarText } from './timeline-text';
import type { TimelineRun } from './timeline-text';
import styles from './time-axis.module.css';

const LANE_REM = 1.4;
/** The narrowest bar, as a fraction of the axis (about 4 px on a 800 px panel): a 1 ms run is still seen and hit. */
const MIN_BAR = 0.005;

export function TimeAxisView({
  runs,
  format,
}: {
  readonly runs: readonly TimelineRun[];
  readonly format: (ms: number) => string;
}) {
  const layout = useMemo(
    () =>
      timeAxisLayout(
        runs.map((r) => ({ id: r.id, startMs: Date.parse(r.startedAt), durationMs: r.durationMs })),
        { minWidth: MIN_BAR },
      ),
    [runs],
  );
  const [active, setActive] = useState<number | null>(null);
  const byId = useMemo(() => new Map(runs.map((r) => [r.id, r])), [runs]);
  const text = (run: TimelineRun) => runBarText(run, format(Date.parse(run.startedAt)));
  const shown = active === null ? undefined : byId.get(active);

  return (
    <div className={styles.view}>
      <p className={styles.range}>
        {runs.length} {runs.length === 1 ? 'run' : 'runs'} from {format(layout.startMs)} to {format(layout.endMs)}
      </p>
      <ol
        className={styles.lanes}
        aria-label="Runs on a time axis"
        style={{ height: `${Math.max(1, layout.lanes) * LANE_REM}rem` }}
      >
        {layout.bars.map((bar) => {
          const run = byId.get(bar.id);
          if (run === undefined) return null;
          return (
            <li
              key={bar.id}
              className={styles.slot}
              style={{ left: `${bar.left * 100}%`, width: `${bar.width * 100}%`, top: `${bar.lane * LANE_REM}rem` }}
            >
              <button
                type="button"
                className={styles.bar}
                data-outcome={run.outcome}
                aria-label={text(run)}
                title={text(run)}
                aria-pressed={active === bar.id}
                onMouseEnter={() => setActive(bar.id)}
                onFocus={() => setActive(bar.id)}
                onClick={() => setActive(bar.id)}
              />
            </li>
          );
        })}
      </ol>
      <div className={styles.ticks} aria-hidden="true">
        {layout.ticks.map((t) => (
          <span key={t.atMs} className={styles.tick} style={{ left: `${t.left * 100}%` }}>
            {format(t.atMs)}
          </span>
        ))}
      </div>
      <p className={styles.detail} aria-live="polite">
        {shown === undefined ? 'Hover or focus a bar for its triggers.' : text(shown)}
      </p>
    </div>
  );
}
