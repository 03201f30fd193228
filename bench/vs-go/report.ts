// The bench's output: the machine line (cores, load, Node and Go), the side-by-side markdown table
// (ratio = embedded / Go: above 1 the embedded side is slower or larger) and the JSON others diff.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';

export interface Row {
  readonly workload: string;
  readonly measure: string;
  readonly embedded: number;
  readonly go: number;
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

export function table(rows: readonly Row[]): string {
  const body = rows.map((r) => [
    r.workload,
    r.measure,
    fmt(r.embedded, r.unit),
    fmt(r.go, r.unit),
    Number.isFinite(r.embedded / r.go) ? `${(r.embedded / r.go).toFixed(2)}×` : 'n/a',
  ]);
  const head = ['workload', 'measure', 'embedded', 'Go', 'ratio'];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
