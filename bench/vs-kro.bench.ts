/**
 * The embedded controller vs the exported Go manager vs kro (issue 33, point 2): the Web app
 * example run by the studio's embedded controller-manager, by the Go project the studio exports
 * for it, and by kro's controller (v0.9.4, built from its module into the binaries cache) with the
 * example's ResourceGraphDefinition (bench/kro/webapp.rgd.yaml). Each side has its own API group,
 * namespace and process, and gets the same workloads as vs-go, one side after the other:
 *   latency  100 spec.replicas patches → the Deployment's spec.replicas (watch): p50 / p99, CPU
 *   burst    N new instances → every child applied, → every instance ready; at 1 and 4 workers
 *   memory   RSS (embedded: after a forced GC) idle and with N instances settled, marginal bytes
 * The sandbox's floor (a patch → its own watch event) is measured first, in the same run.
 * Prints the table (a column per side, embedded / Go and embedded / kro) and writes
 * data/bench/vs-kro.json. Choices: docs/design/0058-vs-kro-benchmark.md. Run on the bench sandbox
 * (npx opstudio sandbox up --profile bench):
 *   npm run bench -- vs-kro [--workload latency,burst,memory] [--edits 100] [--edit-gap 0] [--crs 300,1000]
 *     [--workers 1,4] [--memory-crs 1000,10000] [--cpu-profile] [--sides embedded,go,kro]
 * The defaults are the counts: hours on a shared 2-core machine; see the design record for
 * the reduced counts it was run with.
 */
import { compare, compareFlags } from './vs-go/compare';
import type { SideName } from './vs-go/design';
import { WEBAPP } from './vs-kro/target';

const SIDES: readonly SideName[] = ['embedded', 'go', 'kro'];
const flags = compareFlags(process.argv.slice(2), {
  workloads: ['latency', 'burst', 'memory'],
  crs: '300,1000',
  memoryCrs: '1000,10000',
  extra: ['sides'],
});
// --sides embedded,kro: a subset (the table's ratios need embedded)
const sideNames = String(flags.values.sides ?? SIDES.join(',')).split(',') as SideName[];
if (!sideNames.includes('embedded') || sideNames.some((s) => !SIDES.includes(s)))
  throw new Error(`--sides: embedded and any of go, kro (comma-separated)`);

await compare({ bench: 'vs-kro', target: WEBAPP, sideNames, flags });
