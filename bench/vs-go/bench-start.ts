// What a side-by-side bench (vs-go, replicated-store) starts with: the cluster it measures
// (OPSTUDIO_KUBECONFIG, the bench sandbox), where its results go, its prefixed log, and the
// machine line printed first.
import path from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { repoRoot } from '../../apps/controller/src/config';
import { loadKubeConfig } from '../../apps/controller/src/kube/kubeconfig';
import { machine, machineLine, type Machine } from './report';

export interface BenchStart {
  readonly kubeconfig: string;
  readonly kc: KubeConfig;
  /** data/bench (or $OPSTUDIO_DATA_DIR/bench). */
  readonly outDir: string;
  readonly log: (line: string) => void;
  /** The machine at the start. */
  readonly top: Machine;
}

export function benchStart(name: string): BenchStart {
  const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
  if (kubeconfig === undefined || kubeconfig === '')
    throw new Error('set OPSTUDIO_KUBECONFIG (the bench sandbox: data/sandbox-bench/kubeconfig)');
  const { kc } = loadKubeConfig(kubeconfig);
  const outDir = path.resolve(process.env.OPSTUDIO_DATA_DIR ?? path.join(repoRoot, 'data'), 'bench');
  const top = machine();
  console.log(machineLine(top));
  return { kubeconfig, kc, outDir, log: (line) => console.log(`[${name}] ${line}`), top };
}
