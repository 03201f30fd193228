/**
 * Which cluster a run talks to. A cluster is used only when it is named explicitly
 * (KUBECONFIG, --kubeconfig or --context): a ~/.kube/config alone never is, so a user's
 * real cluster is not touched by surprise. Otherwise the local sandbox is started.
 */
import os from 'node:os';
import path from 'node:path';
import { loadKubeConfig } from '../../apps/controller/src/kube/kubeconfig';

export interface ClusterChoice {
  kind: 'sandbox' | 'external';
  kubeconfig?: string;
  context?: string;
  label: string;
}

export function chooseCluster(flags: { kubeconfig?: string; context?: string }, env: NodeJS.ProcessEnv): ClusterChoice {
  const named = flags.kubeconfig ?? env.KUBECONFIG;
  if (!named && !flags.context) return { kind: 'sandbox', label: 'sandbox' };
  // KUBECONFIG may list several files: the whole list goes to the controller, merged as kubectl
  // merges it (docs/design/0035-several-clusters.md); the context is checked here, before the build.
  const kubeconfig = named ?? path.join(os.homedir(), '.kube', 'config');
  const { contextName } = loadKubeConfig(kubeconfig, flags.context);
  return { kind: 'external', kubeconfig, context: contextName, label: contextName };
}
