// One side-by-side bench run over N sides (vs-go: embedded and Go; vs-kro: embedded, Go and kro):
// the flags both share, the sandbox's floor measured first, the latency, burst and memory
// workloads on each side in turn (a fresh controller per run, one side after the other), the rows,
// and at the end the machine line, the floor, the table and the JSON, whatever happened.
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { KubeJson } from '../../apps/controller/src/kube/json-client';
import { parseFlags } from '../../scripts/lib/args';
import { benchStart } from './bench-start';
import { SIDE_LABEL, type SideName } from './design';
import { floorLine, measureFloor, type Floor } from './floor';
import { burst, latency } from './latency-burst';
import { marginalBytesPerCr, memory, type MemoryResult } from './memory';
import { machine, machineLine, table, writeJson, type Row } from './report';
import { withController, type Session } from './session';
import { installSides, removeSide, type Side } from './sides';
import type { BenchTarget } from './target';

export interface CompareFlags {
  readonly workloads: string[];
  readonly crCounts: number[];
  readonly workerCounts: number[];
  readonly memoryCounts: number[];
  readonly edits: number;
  /** --edit-gap <ms>: a pause after each edit is seen, so every run it starts ends before the next (0: edits back to back) */
  readonly editGapMs: number;
  readonly cpuProfile: boolean;
  readonly values: Readonly<Record<string, string | true>>;
}

/** The shared flags (`--workload --crs --workers --memory-crs --edits --edit-gap --cpu-profile`) and a bench's own `extra` ones. */
export function compareFlags(
  argv: readonly string[],
  o: { workloads: readonly string[]; crs: string; memoryCrs: string; extra?: readonly string[] },
): CompareFlags {
  const flags = parseFlags([...argv], {
    values: ['workload', 'crs', 'workers', 'memory-crs', 'edits', 'edit-gap', ...(o.extra ?? [])],
    switches: ['cpu-profile'],
  });
  const list = (name: string, fallback: string) =>
    String(flags[name] ?? fallback)
      .split(',')
      .filter((s) => s !== '');
  const numbers = (name: string, fallback: string) => {
    const values = list(name, fallback).map(Number);
    if (values.some((v) => !(Number.isInteger(v) && v > 0))) throw new Error(`--${name}: positive whole numbers`);
    return values;
  };
  const workloads = list('workload', o.workloads.join(','));
  for (const w of workloads) if (!o.workloads.includes(w)) throw new Error(`unknown workload ${w}`);
  const [edits] = numbers('edits', '100');
  const editGapMs = Number(flags['edit-gap'] ?? 0);
  if (!(Number.isInteger(editGapMs) && editGapMs >= 0)) throw new Error('--edit-gap: milliseconds, a whole number');
  return {
    workloads,
    crCounts: numbers('crs', o.crs),
    workerCounts: numbers('workers', '1,4'),
    memoryCounts: numbers('memory-crs', o.memoryCrs).sort((a, b) => a - b),
    edits: edits!,
    editGapMs,
    cpuProfile: flags['cpu-profile'] === true,
    values: flags,
  };
}

export interface CompareContext {
  readonly kc: KubeConfig;
  readonly sides: readonly Side[];
  readonly add: (row: Row) => void;
  readonly log: (line: string) => void;
  readonly details: Record<string, unknown>;
}

/**
 * Runs the bench: installs the sides, measures the floor, runs the shared workloads, then
 * `extra` (vs-go's outage), and prints the table. Resolves with the exit code.
 */
export async function compare(o: {
  readonly bench: 'vs-go' | 'vs-kro';
  readonly target: BenchTarget;
  readonly sideNames: readonly SideName[];
  readonly flags: CompareFlags;
  readonly extra?: (ctx: CompareContext) => Promise<void>;
  /** Runs before the sides are removed (vs-go: the API server up again after a cut-short outage). */
  readonly beforeCleanup?: () => Promise<void>;
}): Promise<void> {
  const { kubeconfig, kc, outDir, log, top } = benchStart(o.bench);
  const f = o.flags;
  log(
    `sides ${o.sideNames.join(',')}; workloads ${f.workloads.join(',')}; ${f.edits} edits; burst ${f.crCounts.join(',')} CRs at ${f.workerCounts.join(',')} worker(s); memory ${f.memoryCounts.join(',')} CRs`,
  );
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  const add = (row: Row) => {
    rows.push(row);
    const values = o.sideNames.map((s) => `${SIDE_LABEL[s]} ${(row.values[s] ?? NaN).toFixed(1)}`).join(', ');
    log(`${row.workload} · ${row.measure}: ${values} ${row.unit}`);
  };
  let sides: Side[] = [];
  let floor: Floor | undefined;
  const cleanup = async () => {
    await o.beforeCleanup?.();
    for (const side of sides)
      await removeSide(new KubeJson(kc), side).catch((err: unknown) => log(`cleanup: ${String(err)}`));
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    sides = await installSides(kc, kubeconfig, log, o.target, o.sideNames);
    floor = await measureFloor(kc, 'default');
    log(floorLine(floor));
    await workloads({ kc, sides, add, log, details }, f, outDir, o.bench);
    await o.extra?.({ kc, sides, add, log, details });
  } finally {
    await cleanup();
    const bottom = machine();
    console.log(`\n${machineLine(top)} (start)\n${machineLine(bottom)} (end)`);
    if (floor !== undefined) console.log(floorLine(floor));
    console.log(`\n${table(rows, o.sideNames)}`);
    const file = path.join(outDir, `${o.bench}.json`);
    writeJson(file, { start: top, end: bottom, args: process.argv.slice(2), floor, rows, details });
    log(`results: ${file}`);
  }
}

/** Runs `measure` on every side in turn, each with a fresh controller of `workers` workers. */
async function eachSide<T>(
  kc: KubeConfig,
  sides: readonly Side[],
  workers: number,
  measure: (s: Session) => Promise<T>,
): Promise<Partial<Record<SideName, T>>> {
  const out: Partial<Record<SideName, T>> = {};
  for (const side of sides) out[side.name] = await withController(kc, side, workers, measure);
  return out;
}

/** One row: `of` of each side's result. */
function rowOf<T>(
  results: Partial<Record<SideName, T>>,
  workload: string,
  measure: string,
  unit: Row['unit'],
  of: (r: T) => number | undefined,
): Row {
  const values: Partial<Record<SideName, number>> = {};
  for (const [side, r] of Object.entries(results) as [SideName, T][]) values[side] = of(r) ?? NaN;
  return { workload, measure, values, unit };
}

async function workloads(ctx: CompareContext, f: CompareFlags, outDir: string, bench: string): Promise<void> {
  const { kc, sides, add, log } = ctx;
  const field = sides[0]!.target.sizeField;
  if (f.workloads.includes('latency')) {
    // --cpu-profile: the embedded controller's CPU profile of the edits, to open in Chrome's DevTools
    const profile = f.cpuProfile ? path.join(outDir, `${bench}-latency.cpuprofile`) : undefined;
    const r = await eachSide(kc, sides, 1, (s) => latency(s, f.edits, profile, f.editGapMs));
    if (profile !== undefined) log(`CPU profile of the embedded side's edits: ${profile}`);
    const what = `${f.edits} spec.${field} patches${f.editGapMs > 0 ? ` ${f.editGapMs} ms apart` : ''} → Deployment replicas`;
    add(rowOf(r, 'latency', `${what}, p50`, 'ms', (x) => x.p50));
    add(rowOf(r, 'latency', `${what}, p99`, 'ms', (x) => x.p99));
    // where the time goes (reconcile-counters.ts): work caused per edit, time per reconcile and in the queue
    add(rowOf(r, 'latency', 'reconciles per edit', '', (x) => x.reconcilesPerEdit));
    // a side whose status write fails fast (a 409) skips work the others do: the latencies are only comparable at 0
    add(rowOf(r, 'latency', 'failed reconciles per edit', '', (x) => x.errorsPerEdit));
    add(rowOf(r, 'latency', 'queue adds per edit', '', (x) => x.addsPerEdit));
    add(rowOf(r, 'latency', 'mean reconcile', 'ms', (x) => x.meanReconcileMs));
    add(rowOf(r, 'latency', 'controller CPU per edit', 'ms', (x) => x.controllerCpuMs));
    add(rowOf(r, 'latency', 'controller CPU per reconcile', 'ms', (x) => x.cpuPerReconcileMs));
    add(rowOf(r, 'latency', 'API server + etcd CPU per edit', 'ms', (x) => x.serverCpuMs));
    add(rowOf(r, 'latency', 'mean wait in the work queue', 'ms', (x) => x.meanQueueWaitMs));
  }
  if (f.workloads.includes('burst'))
    for (const count of f.crCounts)
      for (const workers of f.workerCounts) {
        const r = await eachSide(kc, sides, workers, (s) => burst(s, count));
        const what = `${count} new CRs, ${workers} worker(s) →`;
        add(rowOf(r, 'burst', `${what} every child applied`, 's', (x) => x.appliedSeconds));
        add(rowOf(r, 'burst', `${what} every CR ready`, 's', (x) => x.availableSeconds));
        add(rowOf(r, 'burst', `${what} controller CPU per reconcile`, 'ms', (x) => x.cpuPerReconcileMs));
      }
  if (f.workloads.includes('memory')) {
    // 4 workers: the caches' size does not depend on them, and 10,000 CRs settle sooner
    const r = await eachSide(kc, sides, 4, (s) => memory(s, f.memoryCounts, outDir, bench));
    ctx.details.memory = r;
    const mib = (v: number | undefined) => (v ?? NaN) / 1048576;
    const points = (r.embedded ?? Object.values(r)[0])?.points ?? [];
    for (const [i, p] of points.entries()) {
      const at = (x: MemoryResult) => x.points[i];
      add(rowOf(r, 'memory', `RSS, ${p.crs} CRs settled`, 'MiB', (x) => mib(at(x)?.rssBytes)));
      add(rowOf(r, 'memory', `heap in use, ${p.crs} CRs settled`, 'MiB', (x) => mib(at(x)?.heapBytes)));
    }
    const span = points
      .slice(-2)
      .map((p) => p.crs)
      .join('→');
    add(
      rowOf(
        r,
        'memory',
        `marginal RSS per CR (${span})`,
        'KiB/CR',
        (x) => marginalBytesPerCr(x.points, 'rssBytes') / 1024,
      ),
    );
    add(
      rowOf(
        r,
        'memory',
        `marginal heap per CR (${span})`,
        'KiB/CR',
        (x) => marginalBytesPerCr(x.points, 'heapBytes') / 1024,
      ),
    );
    const snapshot = r.embedded?.heapSnapshot;
    if (snapshot !== undefined) log(`embedded heap summary (top 15 by self size): ${snapshot.summaryFile}`);
  }
}
