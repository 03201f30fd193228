// Loading a kubeconfig from an explicit path only. A user's ~/.kube/config is never picked up
// by surprise: the studio writes to the cluster, so the cluster must be named on purpose.
// In a pod (in-cluster mode) the identity is the pod's ServiceAccount instead: its token, CA
// and namespace files, read by client-node's loadFromCluster (the token file is re-read, so a
// rotated projected token keeps working).
// The credentials stay in this process; nothing here is ever sent to the browser.
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, dirname, resolve } from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { KeptAliveKubeConfig } from './keepalive-agent';
import {
  mergeKubeconfigs,
  splitKubeconfigList,
  type KubeconfigFile,
  type MergedKubeconfig,
} from '@opstudio/shared/kube/kubeconfig-merge';
import { parse as parseYaml } from 'yaml';

export class KubeConfigError extends Error {
  override readonly name = 'KubeConfigError';
}

export interface LoadedKubeConfig {
  readonly kc: KubeConfig;
  /** The API server URL of the chosen context, e.g. https://127.0.0.1:16443. */
  readonly server: string;
  readonly contextName: string;
  /** The kubeconfig path, or the path list (KUBECONFIG-style) it was merged from. */
  readonly path: string;
  /** In-cluster only: the pod's namespace (the ServiceAccount's `namespace` file). */
  readonly namespace?: string;
}

/** Where Kubernetes mounts a pod's ServiceAccount token, CA and namespace. */
export const SERVICEACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * The pod's own identity: KUBERNETES_SERVICE_HOST/PORT and the ServiceAccount files under
 * `root` + SERVICEACCOUNT_DIR (`root` is '' in a pod; tests point it at a temp folder).
 */
export function loadInClusterConfig(root = '', env: NodeJS.ProcessEnv = process.env): LoadedKubeConfig {
  const dir = `${root}${SERVICEACCOUNT_DIR}`;
  if (!env.KUBERNETES_SERVICE_HOST || !env.KUBERNETES_SERVICE_PORT) {
    throw new KubeConfigError(
      'in-cluster mode needs KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT (Kubernetes sets both in a pod); outside a pod set OPSTUDIO_KUBECONFIG instead',
    );
  }
  for (const file of ['token', 'ca.crt']) {
    try {
      accessSync(`${dir}/${file}`, constants.R_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      throw new KubeConfigError(
        `in-cluster mode: cannot read ${dir}/${file} (${code}): mount the ServiceAccount token (automountServiceAccountToken: true)`,
      );
    }
  }
  const kc = new KeptAliveKubeConfig();
  // loadFromCluster reads KUBERNETES_SERVICE_HOST/PORT from process.env only
  const saved = { host: process.env.KUBERNETES_SERVICE_HOST, port: process.env.KUBERNETES_SERVICE_PORT };
  process.env.KUBERNETES_SERVICE_HOST = env.KUBERNETES_SERVICE_HOST;
  process.env.KUBERNETES_SERVICE_PORT = env.KUBERNETES_SERVICE_PORT;
  try {
    kc.loadFromCluster(root);
  } finally {
    restoreEnv('KUBERNETES_SERVICE_HOST', saved.host);
    restoreEnv('KUBERNETES_SERVICE_PORT', saved.port);
  }
  const server = kc.getCurrentCluster()?.server ?? '';
  const namespace = kc.getContextObject(kc.getCurrentContext())?.namespace?.trim();
  return {
    kc,
    server: server.replace(/\/+$/, ''),
    contextName: 'in-cluster',
    path: dir,
    ...(namespace ? { namespace } : {}),
  };
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/**
 * The kubeconfig files named by `list` (one path, or several separated as in KUBECONFIG: ':' on
 * Linux), merged as kubectl merges them (packages/shared/src/kube/kubeconfig-merge.ts). A file in
 * the list that does not exist is skipped, as kubectl skips it; one that exists but cannot be read
 * or parsed is an error naming it. Nothing found at all is an error too.
 */
export function readKubeconfigList(list: string): KubeconfigList {
  const files: KubeconfigFile[] = [];
  const missing: string[] = [];
  for (const file of splitKubeconfigList(list, delimiter)) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      if (code === 'ENOENT') {
        missing.push(file);
        continue;
      }
      throw new KubeConfigError(
        `cannot read kubeconfig ${file} (${code}): check the path in OPSTUDIO_KUBECONFIG/KUBECONFIG`,
      );
    }
    try {
      files.push({ path: file, dir: dirname(file), doc: parseYaml(text) as unknown });
    } catch (err) {
      throw new KubeConfigError(
        `invalid kubeconfig ${file}: ${oneLine(err)}; fix the file or point OPSTUDIO_KUBECONFIG at another one`,
      );
    }
  }
  if (files.length === 0) {
    throw new KubeConfigError(
      `cannot read kubeconfig ${missing.join(', ') || list} (ENOENT): check the path in OPSTUDIO_KUBECONFIG/KUBECONFIG`,
    );
  }
  let merged: MergedKubeconfig;
  try {
    merged = mergeKubeconfigs(files, resolve);
  } catch (err) {
    throw new KubeConfigError(`${oneLine(err)}; fix the file or leave it out of OPSTUDIO_KUBECONFIG`);
  }
  const { contextSource, ...doc } = merged;
  const kc = new KeptAliveKubeConfig();
  try {
    // JSON is YAML: client-node reads the merged document as it reads a file. An entry it cannot
    // use (a cluster without a server…) is left out rather than failing every context, as kubectl
    // only complains about the context it uses; contexts.ts lists such a context as unusable.
    kc.loadFromString(JSON.stringify(doc), { onInvalidEntry: 'filter' });
  } catch (err) {
    throw new KubeConfigError(`invalid kubeconfig ${list}: ${oneLine(err)}`);
  }
  return { kc, paths: files.map((f) => f.path), missing, contextSource };
}

export interface KubeconfigList {
  /** Every context of every file; current-context as the first file that sets one says. */
  readonly kc: KubeConfig;
  /** The files read, in list order; `missing`: the ones skipped because they do not exist. */
  readonly paths: readonly string[];
  readonly missing: readonly string[];
  /** The file each context came from. */
  readonly contextSource: Readonly<Record<string, string>>;
}

/** A KubeConfig of its own whose current context is `name` (the merged one is left as it is). */
export function kubeConfigForContext(merged: KubeConfig, name: string): KubeConfig {
  const kc = new KeptAliveKubeConfig();
  kc.loadFromOptions({
    clusters: [...merged.clusters],
    users: [...merged.users],
    contexts: [...merged.contexts],
    currentContext: name,
  });
  return kc;
}

export function loadKubeConfig(path: string | undefined, context?: string): LoadedKubeConfig {
  if (path === undefined) {
    throw new KubeConfigError(
      'no cluster named: set OPSTUDIO_KUBECONFIG (or KUBECONFIG) to a kubeconfig file, or start the sandbox with `npx opstudio sandbox up`',
    );
  }
  const { kc } = readKubeconfigList(path);
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
