/**
 * The replicated store (examples/replicated-store.design.yaml, 6 children per CR) run by the
 * embedded controller and by its exported Go manager, side by side on the sandbox with vs-go's
 * machinery (bench/vs-go: own API group, namespace and process per side, the Go build cached,
 * one side after the other). One workload per side, a fresh controller of --workers workers:
 *   idle     RSS and heap with the warm-up CR only, after 10 s quiet
 *   burst    --crs new CRs at once (50 requests at a time), timed until every CR reaches the
 *            milestone: p50 over the CRs and the total
 *   settled  RSS and heap with the --crs CRs settled (10 s quiet); marginal bytes per CR
 * The milestone (--milestone): `observed` (default) = every child created and the CR's status
 * written for its generation with all but the StatefulSet ready; `available` = Available=True,
 * which needs bound volumes (the sandbox's StorageClass) and a kwok pod slot per replica (3,060
 * on the sandbox: --crs 1000 at most): see bench/replicated-store/target.ts and
 * docs/design/0045-replicated-store-benchmark.md.
 * Prints the table (ratio = embedded / Go) and writes data/bench/replicated-store.json. Run:
 *   OPSTUDIO_KUBECONFIG=data/sandbox-bench/kubeconfig node --import tsx bench/replicated-store.bench.ts \
 *     [--crs 1000] [--workers 4] [--milestone observed|available] [--cpu-profile]
 */
import path from 'node:path';
import { KubeJson } from '../apps/controller/src/kube/json-client';
import { parseFlags } from '../scripts/lib/args';
import { benchStart } from './vs-go/bench-start';
import { MILESTONE_TEXT, MILESTONES, storeTarget, type Milestone } from './replicated-store/target';
import { storeRows, type SideRun } from './replicated-store/rows';
import { memory } from './vs-go/memory';
import { cpuMs } from './vs-go/proc';
import { machine, machineLine, table, writeJson } from './vs-go/report';
import { withController } from './vs-go/session';
import { installSides, removeSide, type Side } from './vs-go/sides';

const flags = parseFlags(process.argv.slice(2), {
  values: ['crs', 'workers', 'milestone'],
  switches: ['cpu-profile'],
});
const crs = Number(flags.crs ?? 1000);
const workers = Number(flags.workers ?? 4);
const milestone = String(flags.milestone ?? 'observed') as Milestone;
if (!MILESTONES.includes(milestone)) throw new Error(`--milestone: one of ${MILESTONES.join(', ')}`);
if (!(crs > 0 && workers > 0)) throw new Error('--crs and --workers: positive numbers');

const { kubeconfig, kc, outDir, log, top } = benchStart('replicated-store');
log(`${crs} CRs, ${workers} worker(s), milestone: ${MILESTONE_TEXT[milestone]}`);

let sides: Side[] = [];
const runs: SideRun[] = [];
const cleanup = async () => {
  for (const side of sides)
    await removeSide(new KubeJson(kc), side).catch((err: unknown) => log(`cleanup: ${String(err)}`));
};
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

try {
  sides = await installSides(kc, kubeconfig, log, storeTarget(milestone));
  for (const side of sides) {
    const run = await withController(kc, side, workers, async (s) => {
      const cpu0 = cpuMs(s.controller.pid);
      let cpu1 = NaN; // before the embedded side's heap snapshot
      const measure = () => memory(s, [crs], outDir, 'replicated-store', () => (cpu1 = cpuMs(s.controller.pid)));
      // --cpu-profile: the embedded controller's CPU profile of the whole run, for Chrome's DevTools
      const file = path.join(outDir, 'replicated-store-embedded.cpuprofile');
      const result =
        flags['cpu-profile'] === true && s.controller.cpuProfile !== undefined
          ? await s.controller.cpuProfile(file, measure)
          : await measure();
      if (flags['cpu-profile'] === true && s.controller.cpuProfile !== undefined) log(`CPU profile: ${file}`);
      return { side: side.name, memory: result, cpuSeconds: (cpu1 - cpu0) / 1000 };
    });
    runs.push(run);
    if (run.memory.heapSnapshot !== undefined) log(`embedded heap summary: ${run.memory.heapSnapshot.summaryFile}`);
  }
} finally {
  await cleanup();
  const bottom = machine();
  console.log(`\n${machineLine(top)} (start)\n${machineLine(bottom)} (end)\n`);
  const rows = runs.length === 2 ? storeRows(runs, crs, MILESTONE_TEXT[milestone]) : [];
  console.log(table(rows));
  const file = path.join(outDir, 'replicated-store.json');
  writeJson(file, { start: top, end: bottom, args: process.argv.slice(2), milestone, rows, runs });
  log(`results: ${file}`);
}
