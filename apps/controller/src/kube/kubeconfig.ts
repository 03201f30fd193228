// Loading a kubeconfig from an explicit path only. A user's ~/.kube/config is never picked up
// by surprise: the studio writes to the cluster, so the cluster must be named on purpose.
// The credentials stay in this process; nothing here is ever sent to the browser.
import { readFileSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';

export class KubeConfigError extends Error {
  override readonly name = 'KubeConfigError';
}

export interface LoadedKubeConfig {
  readonly kc: KubeConfig;
  /** The API server URL of the chosen context, e.g. https://127.0.0.1:16443. */
  readonly server: string;
  readonly contextName: string;
  readonly path: string;
}

export function loadKubeConfig(path: string | undefined, context?: string): LoadedKubeConfig {
  if (path === undefined) {
    throw new KubeConfigError(
      'no cluster named: set OPSTUDIO_KUBECONFIG (or KUBECONFIG) to a kubeconfig file, or start the sandbox with `npx opstudio sandbox up`',
    );
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new KubeConfigError(
      `cannot read kubeconfig ${path} (${code}): check the path in OPSTUDIO_KUBECONFIG/KUBECONFIG`,
    );
  }
  const kc = new KubeConfig();
  try {
    kc.loadFromString(text);
  } catch (err) {
    throw new KubeConfigError(
      `invalid kubeconfig ${path}: ${oneLine(err)}; fix the file or point OPSTUDIO_KUBECONFIG at another one`,
    );
  }
  if (context !== undefined) {
    const names = kc.getContexts().map((c) => c.name);
    if (!names.includes(context)) {
      throw new KubeConfigError(`context "${context}" not found in ${path} (available: ${names.join(', ') || 'none'})`);
    }
    kc.setCurrentContext(context);
  }
  const contextName = kc.getCurrentContext();
  if (!contextName || kc.getContextObject(contextName) === null) {
    throw new KubeConfigError(`invalid kubeconfig ${path}: no current-context set; pass --context <name>`);
  }
  const cluster = kc.getCurrentCluster();
  if (cluster === null || !cluster.server) {
    throw new KubeConfigError(
      `invalid kubeconfig ${path}: context "${contextName}" names no cluster with a server URL`,
    );
  }
  return { kc, server: cluster.server.replace(/\/+$/, ''), contextName, path };
}

function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0] ?? message;
}
