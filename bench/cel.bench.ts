/**
 * The studio's one CEL (packages/cel: cel-go with the API server's environment, as WebAssembly):
 * what it costs to ship, start and run (issue 28; docs/design/0038-one-cel.md, "Measurements").
 *   (a) size of the module on disk and gzipped (what the browser downloads once)
 *   (b) start: in Node (compile + the Go runtime's start, in a first and a second process) and in
 *       a Chromium worker (cold profile, then warm: bytes and compiled code in the HTTP cache)
 *   (c) one evaluation with its program cached: the module in Node vs cel-js vs native cel-go
 *   (d) the designer's first preview after load, and the first one with a CEL-evaluated child
 *       value, on the Web app example (needs a running studio: BASE, e.g. the dev profile's)
 * Prints one table; a ratio compares each figure with the one named beside it.
 * Run: node --import tsx bench/cel.bench.ts [--no-browser]
 *      BASE=http://127.0.0.1:3000 node --import tsx bench/cel.bench.ts   # with (d)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { ensureCel } from '@opstudio/cel/build';
import { browserStarts } from './cel/browser';
import { firstPreviews } from './cel/designer';
import { evalCosts } from './cel/evals';

interface Row {
  readonly part: string;
  readonly measure: string;
  readonly value: number;
  readonly unit: 'MiB' | 'KiB' | 'ms' | 'µs' | 'ns';
  /** what the ratio compares with */
  readonly vs?: { readonly label: string; readonly value: number };
}

const args = process.argv.slice(2);
const repo = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.error(`[cel] ${line}`);
const rows: Row[] = [];

function fmt(v: number, unit: Row['unit']): string {
  if (Number.isNaN(v)) return 'n/a';
  return `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${unit}`;
}

function table(): string {
  const body = rows.map((r) => [
    r.part,
    r.measure,
    fmt(r.value, r.unit),
    r.vs === undefined ? '' : `${r.vs.label} (${fmt(r.vs.value, r.unit)})`,
    r.vs !== undefined && Number.isFinite(r.value / r.vs.value) ? `${(r.value / r.vs.value).toFixed(2)}×` : '',
  ]);
  const head = ['part', 'measure', 'value', 'compared with', 'ratio'];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const built = await ensureCel(process.env, log);
const go = execFileSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' }).trim();
console.log(
  `${new Date().toISOString()}: ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}, ${go}, module cel-${built.hash}`,
);

// (a) size
const raw = statSync(built.wasm).size / 1048576;
rows.push({ part: 'size', measure: 'cel.wasm on disk', value: raw, unit: 'MiB' });
rows.push({
  part: 'size',
  measure: 'cel.wasm gzipped (sent to the browser)',
  value: statSync(built.wasmGz).size / 1048576,
  unit: 'MiB',
  vs: { label: 'on disk', value: raw },
});
rows.push({ part: 'size', measure: 'wasm_exec.js', value: readFileSync(built.wasmExec).length / 1024, unit: 'KiB' });

// (b) start in Node: two fresh processes, one after the other
log('starting the module in two Node processes');
const starts = [0, 1].map(() => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(repo, 'bench/cel/start-once.ts')], {
    cwd: repo,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, number>;
});
const [p1 = {}, p2 = {}] = starts;
for (const [key, what] of [
  ['compileMs', 'WebAssembly.compile'],
  ['startMs', 'Go runtime + libraries start'],
  ['firstEvalMs', 'first evaluation (compile + run)'],
] as const)
  rows.push({
    part: 'start, Node',
    measure: `${what}, 2nd process`,
    value: p2[key] ?? NaN,
    unit: 'ms',
    vs: { label: '1st process', value: p1[key] ?? NaN },
  });
rows.push({ part: 'start, Node', measure: 'RSS after start', value: p2.rssMiB ?? NaN, unit: 'MiB' });

// (b) start in a Chromium worker
if (!args.includes('--no-browser')) {
  log('starting the module in a Chromium worker: cold, then warm twice (15 s apart)');
  const [cold, ...warm] = await browserStarts({ hash: built.hash, dir: built.dir });
  const last = warm[warm.length - 1];
  if (cold !== undefined && last !== undefined)
    for (const [key, what] of [
      ['compileMs', 'fetch + compileStreaming'],
      ['startMs', 'Go runtime + libraries start'],
      ['firstEvalMs', 'first evaluation'],
      ['totalMs', 'page start → first answer'],
    ] as const)
      rows.push({
        part: 'start, browser',
        measure: `${what}, warm`,
        value: last[key],
        unit: 'ms',
        vs: { label: 'cold', value: cold[key] },
      });
  for (const [i, w] of warm.entries()) log(`warm visit ${i + 1}: ${JSON.stringify(w)} (cold: ${JSON.stringify(cold)})`);
}

// (c) cost per evaluation
log('timing evaluations: wasm in Node, cel-js, native cel-go');
for (const c of await evalCosts()) {
  rows.push({
    part: 'eval',
    measure: `${c.name}, wasm`,
    value: c.wasm / 1000,
    unit: 'µs',
    vs: { label: 'Go', value: c.go / 1000 },
  });
  rows.push({
    part: 'eval',
    measure: `${c.name}, cel-js`,
    value: c.celJs / 1000,
    unit: 'µs',
    vs: { label: 'Go', value: c.go / 1000 },
  });
  log(`${c.name} = ${JSON.stringify(c.value)}`);
}

// (d) the designer's first preview
const base = process.env.BASE;
if (base === undefined) log('designer: skipped (set BASE to a running studio, e.g. http://127.0.0.1:3000)');
else {
  const port = Number(new URL(base).port || 80);
  const token =
    process.env.TOKEN ??
    readFileSync(path.join(repo, port === 3100 ? 'data/test/launch-token' : 'data/launch-token'), 'utf8').trim();
  log(`designer: the Web app example at ${base}, cold then warm`);
  const [cold, warm] = await firstPreviews(base, token);
  if (cold !== undefined && warm !== undefined) {
    rows.push({
      part: 'designer',
      measure: 'first preview, warm',
      value: warm.firstPreviewMs,
      unit: 'ms',
      vs: { label: 'cold', value: cold.firstPreviewMs },
    });
    rows.push({
      part: 'designer',
      measure: 'first preview with CEL values, warm',
      value: warm.celPreviewMs,
      unit: 'ms',
      vs: { label: 'cold', value: cold.celPreviewMs },
    });
    rows.push({
      part: 'designer',
      measure: 'first preview with CEL values, cold',
      value: cold.celPreviewMs,
      unit: 'ms',
      vs: { label: 'first preview', value: cold.firstPreviewMs },
    });
  }
}

console.log(table());
console.log('ratio: value / the figure compared with (above 1: slower or larger)');
process.exit(0); // the module's Go runtime keeps the event loop alive
