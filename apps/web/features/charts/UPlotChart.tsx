'use client';
// A thin React wrapper around uPlot (docs/design/0033-kind-charts.md): one canvas plot per mount,
// new data pushed with setData, the width following its box (ResizeObserver). Canvas cannot read
// CSS variables, so colours are resolved from the page's `var(--…)` values and the plot is rebuilt
// when the theme changes (useTheme), which keeps dark mode on the globals.css palette.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../theme';

export interface PlotSeries {
  readonly label: string;
  /** A CSS colour, typically `var(--ok)`. */
  readonly color: string;
}

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hour12: false });
const clockSeconds = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** What a CSS colour (a variable, light-dark()) is on this element now, as canvas needs it. */
function resolveColor(host: HTMLElement, css: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  host.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

export function UPlotChart({
  series,
  data,
  xRange,
  height,
  formatY,
  yFloor,
}: {
  readonly series: readonly PlotSeries[];
  /** uPlot's columns: x (epoch ms) first, then one array per series. */
  readonly data: uPlot.AlignedData;
  readonly xRange: readonly [number, number];
  readonly height: number;
  readonly formatY: (v: number) => string;
  /** The y axis shows at least 0…yFloor, so a quiet controller reads as a flat line at 0, not a scale of noise. */
  readonly yFloor: number;
}) {
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const theme = useTheme();
  const latest = useRef({ data, xRange, formatY });
  latest.current = { data, xRange, formatY };
  const seriesKey = series.map((s) => `${s.label}:${s.color}`).join('|');

  // build (and rebuild on a theme or series change); data updates below do not rebuild
  useEffect(() => {
    const el = host.current;
    if (el === null) return;
    const muted = resolveColor(el, 'var(--muted)');
    const grid = resolveColor(el, 'var(--border)');
    const axis = {
      stroke: muted,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      font: '10px system-ui',
    };
    const u = new uPlot(
      {
        width: Math.max(el.clientWidth, 100),
        height,
        ms: 1,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true, range: () => [...latest.current.xRange] },
          y: { range: (_u, _min, max) => [0, Math.max(max, yFloor)] },
        },
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: resolveColor(el, s.color),
            width: 1.5,
            // uPlot's default: dots only while points are far apart, so a fresh history of one or
            // two samples (a page opened a minute after start) is visible, not an empty plot
            points: { size: 5, fill: resolveColor(el, s.color) },
          })),
        ],
        axes: [
          {
            ...axis,
            size: 28,
            // ticks closer than a minute apart need their seconds, or they read 08:07, 08:07, 08:08
            values: (_u: uPlot, ticks: number[], _axis: number, _space: number, incr: number) =>
              ticks.map((t) => (incr < 60_000 ? clockSeconds : clock).format(t)),
          },
          {
            ...axis,
            size: 64,
            space: 20,
            values: (_u: uPlot, ticks: number[]) => ticks.map((t) => latest.current.formatY(t)),
          },
        ],
      },
      latest.current.data,
      el,
    );
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(el.clientWidth, 100), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
    // seriesKey stands for `series` (a new array each render)
  }, [theme, seriesKey, height, yFloor]);

  useEffect(() => {
    plot.current?.setData(data);
  }, [data, xRange]);

  return <div ref={host} />;
}
