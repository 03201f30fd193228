/**
 * The embedded controller vs the Go operator the studio exports for the same design (issue 16),
 * side by side on the sandbox: each side has its own API group and namespace, runs in its own
 * process (RSS measured alone) and gets the same workload, one side after the other.
 *   latency  100 spec.size patches → the Deployment's spec.replicas (watch): p50 / p99
 *   burst    N new CRs → every Deployment created, → every CR Available=True; at 1 and 4 workers
 *   memory   RSS idle and with N CRs settled (size 0), marginal bytes per CR; embedded heap summary
 *   outage   kube-apiserver stopped 60 s under edits: seconds until each side follows the last edit
 * Prints the table (ratio = embedded / Go) and writes data/bench/vs-go.json. Choices:
 * docs/design/0018-vs-go-benchmark.md. Run (the bench sandbox: npx opstudio sandbox up --profile bench):
 *   OPSTUDIO_KUBECONFIG=data/sandbox-bench/kubeconfig node --import tsx bench/vs-go.bench.ts \
 *     [--workload latency,burst,memory,outage] [--crs 300] [--workers 1,4] [--memory-crs 1000]
 *     [--edits 100] [--outage-seconds 60] [--cpu-profile]
 */
import path from 'node:path';
import { kubeconfigPath as sandboxKubeconfig, startComponent } from '@opstudio/sandbox';
import { KubeJson } from '../apps/controller/src/kube/json-client';
import { parseFlags } from '../scripts/lib/args';
import { benchStart } from './vs-go/bench-start';
import { burst, latency } from './vs-go/latency-burst';
import { marginalBytesPerCr, memory, type MemoryResult } from './vs-go/memory';
import { outage, type OutageResult } from './vs-go/outage';
import { machine, machineLine, table, writeJson, type Row } from './vs-go/report';
import { withController } from './vs-go/session';
import { installSides, removeSide, type Side } from './vs-go/sides';

const WORKLOADS = ['latency', 'burst', 'memory', 'outage'] as const;
const flags = parseFlags(process.argv.slice(2), {
  values: ['workload', 'crs', 'workers', 'memory-crs', 'edits', 'outage-seconds'],
  switches: ['cpu-profile'],
});
const list = (name: string, fallback: string) =>
  String(flags[name] ?? fallback)
    .split(',')
    .filter((s) => s !== '');
const numbers = (name: string, fallback: string) => list(name, fallback).map(Number);
const workloads = list('workload', WORKLOADS.join(','));
for (const w of workloads) if (!(WORKLOADS as readonly string[]).includes(w)) throw new Error(`unknown workload ${w}`);
// 1,000 adds ~20 min (4 runs of ~5 min): --crs 300,1000 asks for it
const crCounts = numbers('crs', '300');
const workerCounts = numbers('workers', '1,4');
// 10,000 takes ~15 min per side on 2 cores: --memory-crs 1000,10000 asks for it
const memoryCounts = numbers('memory-crs', '1000').sort((a, b) => a - b);
const edits = Number(flags.edits ?? 100);
const outageMs = Number(flags['outage-seconds'] ?? 60) * 1000;

const { kubeconfig, kc, outDir, log, top } = benchStart('vs-go');
log(
  `workloads ${workloads.join(',')}; burst ${crCounts.join(',')} CRs at ${workerCounts.join(',')} worker(s); memory ${memoryCounts.join(',')} CRs`,
);

const rows: Row[] = [];
const add = (row: Row) => {
  rows.push(row);
  log(
    `${row.workload} · ${row.measure}: embedded ${row.embedded.toFixed(1)} ${row.unit}, Go ${row.go.toFixed(1)} ${row.unit}`,
  );
};
const details: { memory?: Record<string, MemoryResult>; outage?: OutageResult[] } = {};
let sides: Side[] = [];
const cleanup = async () => {
  await startComponent('kube-apiserver', { profile: 'bench' }).catch(() => undefined); // up again if an outage was cut short
  for (const side of sides)
    await removeSide(new KubeJson(kc), side).catch((err: unknown) => log(`cleanup: ${String(err)}`));
};
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

/** Runs `measure` on the embedded side, then the Go side, with fresh controllers of `workers` workers. */
async function both<T>(workers: number, measure: Parameters<typeof withController<T>>[3]): Promise<[T, T]> {
  const [embedded, go] = sides as [Side, Side];
  const a = await withController(kc, embedded, workers, measure);
  const b = await withController(kc, go, workers, measure);
  return [a, b];
}

try {
  sides = await installSides(kc, kubeconfig, log);
  if (workloads.includes('latency')) {
    // --cpu-profile: the embedded controller's CPU profile of the edits, to open in Chrome's DevTools
    const profile = flags['cpu-profile'] === true ? path.join(outDir, 'vs-go-latency.cpuprofile') : undefined;
    const [e, g] = await both(1, (s) => latency(s, edits, profile));
    if (profile !== undefined) log(`CPU profile of the embedded side's edits: ${profile}`);
    const what = `${edits} spec.size patches → Deployment replicas`;
    add({ workload: 'latency', measure: `${what}, p50`, embedded: e.p50, go: g.p50, unit: 'ms' });
    add({ workload: 'latency', measure: `${what}, p99`, embedded: e.p99, go: g.p99, unit: 'ms' });
    // where the time goes (reconcile-counters.ts): work caused per edit, time per reconcile and in the queue
    add({
      workload: 'latency',
      measure: 'reconciles per edit',
      embedded: e.reconcilesPerEdit,
      go: g.reconcilesPerEdit,
      unit: '',
    });
    // a side whose status write fails fast (a 409) skips work the other does: the latencies are only comparable at 0
    add({
      workload: 'latency',
      measure: 'failed reconciles per edit',
      embedded: e.errorsPerEdit,
      go: g.errorsPerEdit,
      unit: '',
    });
    add({ workload: 'latency', measure: 'queue adds per edit', embedded: e.addsPerEdit, go: g.addsPerEdit, unit: '' });
    add({
      workload: 'latency',
      measure: 'mean reconcile',
      embedded: e.meanReconcileMs,
      go: g.meanReconcileMs,
      unit: 'ms',
    });
    add({
      workload: 'latency',
      measure: 'controller CPU per edit',
      embedded: e.controllerCpuMs,
      go: g.controllerCpuMs,
      unit: 'ms',
    });
    add({
      workload: 'latency',
      measure: 'API server + etcd CPU per edit',
      embedded: e.serverCpuMs,
      go: g.serverCpuMs,
      unit: 'ms',
    });
    add({
      workload: 'latency',
      measure: 'mean wait in the work queue',
      embedded: e.meanQueueWaitMs,
      go: g.meanQueueWaitMs,
      unit: 'ms',
    });
  }
  if (workloads.includes('burst'))
    for (const count of crCounts)
      for (const workers of workerCounts) {
        const [e, g] = await both(workers, (s) => burst(s, count));
        const what = `${count} new CRs, ${workers} worker(s) →`;
        add({
          workload: 'burst',
          measure: `${what} every Deployment`,
          embedded: e.deploymentsSeconds,
          go: g.deploymentsSeconds,
          unit: 's',
        });
        add({
          workload: 'burst',
          measure: `${what} every CR Available`,
          embedded: e.availableSeconds,
          go: g.availableSeconds,
          unit: 's',
        });
      }
  if (workloads.includes('memory')) {
    // 4 workers: the caches' size does not depend on them, and 10,000 CRs settle sooner
    const [e, g] = await both(4, (s) => memory(s, memoryCounts, outDir));
    details.memory = { embedded: e, go: g };
    const mib = (v: number | undefined) => (v ?? NaN) / 1048576;
    for (const [i, p] of e.points.entries()) {
      const q = g.points[i];
      add({
        workload: 'memory',
        measure: `RSS, ${p.crs} CRs settled`,
        embedded: mib(p.rssBytes),
        go: mib(q?.rssBytes),
        unit: 'MiB',
      });
      add({
        workload: 'memory',
        measure: `heap in use, ${p.crs} CRs settled`,
        embedded: mib(p.heapBytes),
        go: mib(q?.heapBytes),
        unit: 'MiB',
      });
    }
    const span = e.points
      .slice(-2)
      .map((p) => p.crs)
      .join('→');
    for (const of of ['rssBytes', 'heapBytes'] as const)
      add({
        workload: 'memory',
        measure: `marginal ${of === 'rssBytes' ? 'RSS' : 'heap'} per CR (${span})`,
        embedded: marginalBytesPerCr(e.points, of) / 1024,
        go: marginalBytesPerCr(g.points, of) / 1024,
        unit: 'KiB/CR',
      });
    if (e.heapSnapshot !== undefined) log(`embedded heap summary (top 15 by self size): ${e.heapSnapshot.summaryFile}`);
  }
  // it stops the bench sandbox's API server: only when that is the cluster measured
  const outageCluster = path.resolve(kubeconfig) === path.resolve(sandboxKubeconfig('bench'));
  if (workloads.includes('outage') && !outageCluster)
    log('outage skipped: it stops the bench sandbox API server, and OPSTUDIO_KUBECONFIG is another cluster');
  if (workloads.includes('outage') && outageCluster) {
    const [embedded, go] = sides as [Side, Side];
    const results = await withController(kc, embedded, 1, (a) =>
      withController(kc, go, 1, (b) => outage([a, b], 10, outageMs)),
    );
    details.outage = results;
    const [e, g] = results as [OutageResult, OutageResult];
    const down = `API server down ${e.downSeconds.toFixed(0)} s, 10 CRs per side`;
    add({
      workload: 'outage',
      measure: `${down} → Deployments + status follow the last edit`,
      embedded: e.followedSeconds,
      go: g.followedSeconds,
      unit: 's',
    });
    add({
      workload: 'outage',
      measure: `${down} → every CR Available (cluster-level)`,
      embedded: e.availableSeconds,
      go: g.availableSeconds,
      unit: 's',
    });
  }
} finally {
  await cleanup();
  const bottom = machine();
  console.log(`\n${machineLine(top)} (start)\n${machineLine(bottom)} (end)\n`);
  console.log(table(rows));
  const file = path.join(outDir, 'vs-go.json');
  writeJson(file, { start: top, end: bottom, args: process.argv.slice(2), rows, details });
  log(`results: ${file}`);
}
