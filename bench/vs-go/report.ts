// The bench's output: the machine line (cores, load, Node and Go), the side-by-side markdown table
// (a column per side, then embedded / each peer: above 1 the embedded side is slower or larger)
// and the JSON others diff.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { SIDE_LABEL, type SideName } from './design';

export interface Row {
  readonly workload: string;
  readonly measure: string;
  /** The figure of each side measured (a side left out prints n/a). */
  readonly values: Partial<Record<SideName, number>>;
  readonly unit: 'ms' | 's' | 'MiB' | 'KiB/CR' | '';
}

export interface Machine {
  readonly at: string;
  readonly cores: number;
  readonly load: number[];
  readonly node: string;
  readonly go: string;
}

export function machine(): Machine {
  const go = execFileSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' }).trim();
  return {
    at: new Date().toISOString(),
    cores: availableParallelism(),
    load: loadavg().map((l) => Number(l.toFixed(2))),
    node: process.version,
    go,
  };
}

export function machineLine(m: Machine): string {
  return `${m.at}: ${m.cores} cores, load average ${m.load.join(' ')}, Node ${m.node}, ${m.go}`;
}

const fmt = (v: number, unit: Row['unit']) =>
  Number.isNaN(v)
    ? 'n/a'
    : unit === ''
      ? v.toFixed(2)
      : `${unit === 's' || unit === 'KiB/CR' || unit === 'ms' ? v.toFixed(1) : v.toFixed(0)} ${unit}`;

/** One row per measure, a column per side, then the ratio embedded / peer for every other side. */
export function table(rows: readonly Row[], sides: readonly SideName[] = ['embedded', 'go']): string {
  const peers = sides.filter((s) => s !== 'embedded');
  const ratio = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : 'n/a';
  const body = rows.map((r) => [
    r.workload,
    r.measure,
    ...sides.map((s) => fmt(r.values[s] ?? NaN, r.unit)),
    ...peers.map((p) => ratio(r.values.embedded, r.values[p])),
  ]);
  const head = [
    'workload',
    'measure',
    ...sides.map((s) => SIDE_LABEL[s]),
    ...peers.map((p) => `embedded/${SIDE_LABEL[p]}`),
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
