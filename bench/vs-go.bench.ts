/**
 * The embedded controller vs the Go operator the studio exports for the same design (issue 16),
 * side by side on the sandbox: each side has its own API group and namespace, runs in its own
 * process (RSS measured alone) and gets the same workload, one side after the other.
 *   latency  100 spec.size patches → the Deployment's spec.replicas (watch): p50 / p99
 *   burst    N new CRs → every Deployment created, → every CR Available=True; at 1 and 4 workers
 *   memory   RSS idle and with N CRs settled (size 0), marginal bytes per CR; embedded heap summary
 *   outage   kube-apiserver stopped 60 s under edits: seconds until each side follows the last edit
 * The sandbox's floor (a patch → its own watch event) is measured first, in the same run.
 * Prints the table (ratio = embedded / Go) and writes data/bench/vs-go.json. Choices:
 * docs/design/0018-vs-go-benchmark.md. Run (the bench sandbox: npx opstudio sandbox up --profile bench):
 *   OPSTUDIO_KUBECONFIG=data/sandbox-bench/kubeconfig node --import tsx bench/vs-go.bench.ts \
 *     [--workload latency,burst,memory,outage] [--crs 300] [--workers 1,4] [--memory-crs 1000]
 *     [--edits 100] [--edit-gap 0] [--outage-seconds 60] [--cpu-profile]
 * (or `npm run bench -- vs-go [flags]`)
 */
import path from 'node:path';
import { kubeconfigPath as sandboxKubeconfig, startComponent } from '@opstudio/sandbox';
import { compare, compareFlags } from './vs-go/compare';
import { outage, type OutageResult } from './vs-go/outage';
import { withController } from './vs-go/session';
import { MEMCACHED } from './vs-go/target';

const flags = compareFlags(process.argv.slice(2), {
  workloads: ['latency', 'burst', 'memory', 'outage'],
  // 1,000 adds ~20 min (4 runs of ~5 min): --crs 300,1000 asks for it
  crs: '300',
  // 10,000 takes ~15 min per side on 2 cores: --memory-crs 1000,10000 asks for it
  memoryCrs: '1000',
  extra: ['outage-seconds'],
});
const outageMs = Number(flags.values['outage-seconds'] ?? 60) * 1000;

await compare({
  bench: 'vs-go',
  target: MEMCACHED,
  sideNames: ['embedded', 'go'],
  flags,
  // up again if an outage was cut short
  beforeCleanup: async () => void (await startComponent('kube-apiserver', { profile: 'bench' }).catch(() => undefined)),
  extra: async ({ kc, sides, add, log, details }) => {
    if (!flags.workloads.includes('outage')) return;
    // it stops the bench sandbox's API server: only when that is the cluster measured
    const kubeconfig = process.env.OPSTUDIO_KUBECONFIG ?? '';
    if (path.resolve(kubeconfig) !== path.resolve(sandboxKubeconfig('bench'))) {
      log('outage skipped: it stops the bench sandbox API server, and OPSTUDIO_KUBECONFIG is another cluster');
      return;
    }
    const [embedded, go] = sides;
    const results = await withController(kc, embedded!, 1, (a) =>
      withController(kc, go!, 1, (b) => outage([a, b], 10, outageMs)),
    );
    details.outage = results;
    const [e, g] = results as [OutageResult, OutageResult];
    const down = `API server down ${e.downSeconds.toFixed(0)} s, 10 CRs per side`;
    add({
      workload: 'outage',
      measure: `${down} → Deployments + status follow the last edit`,
      values: { embedded: e.followedSeconds, go: g.followedSeconds },
      unit: 's',
    });
    add({
      workload: 'outage',
      measure: `${down} → every CR Available (cluster-level)`,
      values: { embedded: e.availableSeconds, go: g.availableSeconds },
      unit: 's',
    });
  },
});
