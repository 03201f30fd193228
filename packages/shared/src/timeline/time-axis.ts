// The reconcile timeline's time-axis view as numbers: each run a bar from its start to its end on
// one shared axis, overlapping runs (several workers) in separate lanes, and round tick times.
// Positions are fractions of the axis (0…1) so the view lays them out in CSS percentages. Pure.

export interface TimedRun {
  readonly id: number;
  /** Epoch milliseconds. */
  readonly startMs: number;
  readonly durationMs: number;
}

export interface Bar {
  readonly id: number;
  /** 0 is the top lane; a run goes in the first lane free at its start. */
  readonly lane: number;
  readonly left: number;
  readonly width: number;
}

export interface TimeAxisLayout {
  readonly startMs: number;
  readonly endMs: number;
  readonly lanes: number;
  /** In the order of the runs given. */
  readonly bars: readonly Bar[];
  readonly ticks: readonly { readonly atMs: number; readonly left: number }[];
}

const tickSteps = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000,
  900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000,
];

/** The smallest round step that gives at most `most` ticks across `spanMs`. */
export function tickStep(spanMs: number, most: number): number {
  return tickSteps.find((s) => spanMs / s <= most) ?? Math.ceil(spanMs / most);
}

export interface TimeAxisOptions {
  /** At most this many ticks (default 6). */
  readonly maxTicks?: number;
  /**
   * The narrowest bar as a fraction of the axis (default 0): a 1 ms run still shows. Lanes count
   * this width too, so bars drawn wider than their run never cover a neighbour in a burst.
   */
  readonly minWidth?: number;
}

export function timeAxisLayout(runs: readonly TimedRun[], opts: TimeAxisOptions = {}): TimeAxisLayout {
  const { maxTicks = 6, minWidth = 0 } = opts;
  if (runs.length === 0) return { startMs: 0, endMs: 0, lanes: 0, bars: [], ticks: [] };
  const startMs = Math.min(...runs.map((r) => r.startMs));
  const lastEnd = Math.max(...runs.map((r) => r.startMs + Math.max(0, r.durationMs)));
  // one run of 0 ms still gets an axis to sit on
  const endMs = Math.max(lastEnd, startMs + 1);
  const span = endMs - startMs;

  const minMs = minWidth * span;
  const laneEnds: number[] = [];
  const laneOf = new Map<number, number>();
  for (const r of [...runs].sort((a, b) => a.startMs - b.startMs || a.id - b.id)) {
    const end = r.startMs + Math.max(0, r.durationMs, minMs);
    let lane = laneEnds.findIndex((e) => e <= r.startMs);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    laneOf.set(r.id, lane);
  }

  const bars = runs.map((r) => ({
    id: r.id,
    lane: laneOf.get(r.id) ?? 0,
    left: (r.startMs - startMs) / span,
    width: Math.max(Math.max(0, r.durationMs) / span, minWidth),
  }));
  const step = tickStep(span, maxTicks);
  const ticks: { atMs: number; left: number }[] = [];
  for (let t = Math.ceil(startMs / step) * step; t <= endMs; t += step)
    ticks.push({ atMs: t, left: (t - startMs) / span });
  return { startMs, endMs, lanes: laneEnds.length, bars, ticks };
}
