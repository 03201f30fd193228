// The cluster a CLI command talks to: --kubeconfig, else OPSTUDIO_KUBECONFIG / KUBECONFIG, else
// the dev sandbox when it runs (so `opstudio sandbox up` then `opstudio get …` needs no flags).
import { existsSync } from 'node:fs';
import { kubeconfigPath as sandboxKubeconfig, status as sandboxStatus } from '@opstudio/sandbox';
import { loadConfig } from '../config';
import { loadKubeConfig, type LoadedKubeConfig } from '../kube/kubeconfig';

export async function clusterKubeconfig(flag: string | undefined): Promise<string | undefined> {
  const configured = loadConfig(process.env, flag === undefined ? {} : { kubeconfigPath: flag }).kubeconfigPath;
  if (configured !== undefined) return configured;
  const dev = sandboxKubeconfig('dev');
  if (!existsSync(dev)) return undefined;
  const running =
    (await sandboxStatus({ profile: 'dev' })).components.find((c) => c.name === 'kube-apiserver')?.running === true;
  return running ? dev : undefined;
}

export async function connectCluster(flags: { kubeconfig?: string; context?: string }): Promise<LoadedKubeConfig> {
  return loadKubeConfig(await clusterKubeconfig(flags.kubeconfig), flags.context ?? loadConfig().kubeContext);
}
