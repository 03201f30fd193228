// A studio "in a pod" against the sandbox: the chart's ServiceAccount and its RBAC (rendered by
// the real Helm from deploy/helm/operator-studio, so the rules under test are the chart's own),
// a token from the TokenRequest API, and token + ca.crt + namespace written where a pod has them
// (under a temp root), loaded by loadInClusterConfig with KUBERNETES_SERVICE_HOST/PORT pointing
// at the sandbox's API server. Test support only.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CoreV1Api, KubernetesObjectApi } from '@kubernetes/client-node';
import type { KubeConfig, KubernetesObject, V1ClusterRole, V1PolicyRule } from '@kubernetes/client-node';
import { loadInClusterConfig, SERVICEACCOUNT_DIR } from '../src/kube/kubeconfig';
import type { LoadedKubeConfig } from '../src/kube/kubeconfig';
import { renderChart } from './helm-chart';

const RBAC_KINDS = new Set(['ServiceAccount', 'ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding']);

export interface InClusterIdentity {
  readonly conn: LoadedKubeConfig;
  /** The folder standing in for `/` (OPSTUDIO_IN_CLUSTER_ROOT). */
  readonly root: string;
  /** `system:serviceaccount:<namespace>:<name>`: who the API server sees. */
  readonly username: string;
  /** The rules granted (the chart's ClusterRole, after `editRules`). */
  readonly rules: readonly V1PolicyRule[];
  remove(): Promise<void>;
}

export interface IdentityOptions {
  readonly namespace: string;
  readonly release: string;
  /** Chart values as `--set-json` pairs, e.g. { 'rbac.designApiGroups': ['cache.x.example.com'] }. */
  readonly values?: Readonly<Record<string, unknown>>;
  /** Changes the chart's ClusterRole rules before they are granted (the "rule removed" test). */
  readonly editRules?: (rules: V1PolicyRule[]) => V1PolicyRule[];
}

/** Creates the chart's ServiceAccount and RBAC in `namespace` (which must exist) and logs in as it. */
export async function inClusterIdentity(admin: KubeConfig, opts: IdentityOptions): Promise<InClusterIdentity> {
  const objects = (
    await renderChart({ release: opts.release, namespace: opts.namespace, setJson: opts.values ?? {} })
  ).filter((o) => RBAC_KINDS.has(o.kind ?? ''));
  const role = objects.find((o) => o.kind === 'ClusterRole') as V1ClusterRole;
  role.rules = opts.editRules ? opts.editRules(role.rules ?? []) : (role.rules ?? []);
  const api = KubernetesObjectApi.makeApiClient(admin);
  for (const o of objects) await api.create(o);
  const sa = objects.find((o) => o.kind === 'ServiceAccount') as KubernetesObject;
  const name = sa.metadata?.name ?? '';

  const { status } = await admin.makeApiClient(CoreV1Api).createNamespacedServiceAccountToken({
    name,
    namespace: opts.namespace,
    body: { spec: { audiences: [], expirationSeconds: 3600 } },
  });
  const root = mkdtempSync(path.join(tmpdir(), 'opstudio-pod-'));
  const dir = path.join(root, SERVICEACCOUNT_DIR);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'token'), status?.token ?? '');
  writeFileSync(path.join(dir, 'namespace'), opts.namespace);
  writeFileSync(path.join(dir, 'ca.crt'), clusterCa(admin));
  const server = new URL(admin.getCurrentCluster()?.server ?? '');
  const conn = loadInClusterConfig(root, {
    KUBERNETES_SERVICE_HOST: server.hostname,
    KUBERNETES_SERVICE_PORT: server.port,
  });
  return {
    conn,
    root,
    username: `system:serviceaccount:${opts.namespace}:${name}`,
    rules: role.rules,
    remove: async () => {
      // cluster-scoped objects outlive the namespace: delete them by name
      for (const o of objects.filter((x) => x.kind?.startsWith('Cluster'))) await api.delete(o).catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function clusterCa(kc: KubeConfig): string {
  const cluster = kc.getCurrentCluster();
  if (cluster?.caData) return Buffer.from(cluster.caData, 'base64').toString('utf8');
  if (cluster?.caFile) return readFileSync(cluster.caFile, 'utf8');
  throw new Error('the sandbox kubeconfig names no CA');
}
