/**
 * What Kubernetes RBAC filtering costs a read in multi-user mode: `resources.list` across all
 * namespaces for a kind with N namespaces × M objects, as
 *   - a user bound cluster-wide (one SubjectAccessReview says yes: nothing to filter),
 *   - a user bound in half of the namespaces (one review cluster-wide says no, then one per
 *     namespace), the first call (cold review cache) and the next ones (warm, 10 s TTL),
 * next to single-user mode (no reviews). Prints p50 / max per case. The kind is a plain CRD
 * created directly (not a studio design), so the controller-manager reconciles nothing meanwhile.
 * Needs the sandbox: OPSTUDIO_KUBECONFIG=data/sandbox-dev/kubeconfig node --import tsx bench/rbac-filter.bench.ts [namespaces] [perNamespace]
 */
import { randomUUID } from 'node:crypto';
import { ApiextensionsV1Api, CoreV1Api, CustomObjectsApi, RbacAuthorizationV1Api } from '@kubernetes/client-node';
import { createCaller } from '../apps/controller/src/api/root';
import { LOCAL_ADMIN } from '../apps/controller/src/auth/roles';
import { loadAuthConfig } from '../apps/controller/src/auth/config';
import type { StudioUser } from '../apps/controller/src/auth/roles';
import { loadKubeConfig } from '../apps/controller/src/kube/kubeconfig';
import { startServices } from '../apps/controller/src/services';
import { eventually, migratedTempDb } from '../apps/controller/testing';

const namespaces = Number(process.argv[2] ?? 20);
const perNamespace = Number(process.argv[3] ?? 25);
const rounds = 20;
const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
if (kubeconfig === undefined || kubeconfig === '')
  throw new Error('set OPSTUDIO_KUBECONFIG to the sandbox kubeconfig (npx opstudio sandbox up prints it)');
const conn = loadKubeConfig(kubeconfig);
const id = randomUUID().slice(0, 8);
const group = `rbacbench${id}.example.com`;
const ref = { group, version: 'v1', plural: 'widgets' };
const nsNames = Array.from({ length: namespaces }, (_, i) => `rbac-bench-${id}-${i}`);
const ext = conn.kc.makeApiClient(ApiextensionsV1Api);
const core = conn.kc.makeApiClient(CoreV1Api);
const custom = conn.kc.makeApiClient(CustomObjectsApi);
const rbac = conn.kc.makeApiClient(RbacAuthorizationV1Api);
const crdName = `widgets.${group}`;
const user = (name: string, role: StudioUser['role']): StudioUser => ({ id: name, name, role });
const everywhere = user(`all-${id}`, 'editor');
const half = (n: number) => user(`half-${id}-${n}`, 'editor');

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  return `${(s[Math.floor(s.length / 2)] ?? NaN).toFixed(1)} / ${(s[s.length - 1] ?? NaN).toFixed(1)}`;
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await f();
  return [performance.now() - t0, v];
}

await ext.createCustomResourceDefinition({
  body: {
    metadata: { name: crdName },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: { spec: { type: 'object', properties: { n: { type: 'integer' } } } },
            },
          },
        },
      ],
    },
  },
});
const single = await startServices(conn, migratedTempDb(), {
  lease: { namespace: 'default', name: `rbac-bench-single-${id}` },
});
const multi = await startServices(conn, migratedTempDb(), {
  auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }),
  lease: { namespace: 'default', name: `rbac-bench-multi-${id}` },
});
const rows: string[][] = [];
try {
  await eventually('the CRD to be Established', 30_000, async () =>
    (await ext.readCustomResourceDefinition({ name: crdName })).status?.conditions?.some(
      (c) => c.type === 'Established' && c.status === 'True',
    )
      ? true
      : undefined,
  );
  for (const ns of nsNames) await core.createNamespace({ body: { metadata: { name: ns } } });
  await Promise.all(
    nsNames.map(async (namespace) => {
      for (let i = 0; i < perNamespace; i++)
        await custom.createNamespacedCustomObject({
          ...ref,
          namespace,
          body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: `w-${i}` }, spec: { n: i } },
        });
    }),
  );
  const reader = { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `rbac-bench-${id}` };
  await rbac.createClusterRole({
    body: {
      metadata: { name: reader.name },
      rules: [{ apiGroups: [group], resources: ['widgets'], verbs: ['get', 'list', 'watch'] }],
    },
  });
  await rbac.createClusterRoleBinding({
    body: {
      metadata: { name: reader.name },
      roleRef: reader,
      subjects: [{ kind: 'User', name: `opstudio:${everywhere.name}`, apiGroup: reader.apiGroup }],
    },
  });
  // the "half" users: a RoleBinding in every other namespace, one subject per user
  const halfUsers = Array.from({ length: rounds }, (_, n) => half(n));
  for (const [i, namespace] of nsNames.entries()) {
    if (i % 2 === 1) continue;
    await rbac.createNamespacedRoleBinding({
      namespace,
      body: {
        metadata: { name: 'bench-readers' },
        roleRef: reader,
        subjects: halfUsers.map((u) => ({ kind: 'User', name: `opstudio:${u.name}`, apiGroup: reader.apiGroup })),
      },
    });
  }
  const total = namespaces * perNamespace;
  const expectHalf = Math.ceil(namespaces / 2) * perNamespace;
  // the caches fill first (the kind's informer starts on the first list)
  await eventually('every object in the cache', 60_000, async () =>
    (await createCaller({ ...single.services, user: LOCAL_ADMIN }).resources.list(ref)).items.length === total
      ? true
      : undefined,
  );
  await eventually('every object in the cache', 60_000, async () =>
    (await createCaller({ ...multi.services, user: everywhere }).resources.list(ref)).items.length === total
      ? true
      : undefined,
  );

  const run = async (label: string, call: () => Promise<{ items: unknown[] }>, expected: number, n = rounds) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const [t, r] = await timed(call);
      if (r.items.length !== expected) throw new Error(`${label}: ${r.items.length} rows, expected ${expected}`);
      ms.push(t);
    }
    rows.push([label, String(expected), String(n), stats(ms)]);
  };
  await run(
    'single-user (no reviews)',
    () => createCaller({ ...single.services, user: LOCAL_ADMIN }).resources.list(ref),
    total,
  );
  await run(
    'bound cluster-wide (1 review, cached)',
    () => createCaller({ ...multi.services, user: everywhere }).resources.list(ref),
    total,
  );
  // a new user each time: its reviews are not cached yet
  let next = 0;
  await run(
    `bound in ${Math.ceil(namespaces / 2)} of ${namespaces} namespaces, cold cache (1 + ${namespaces} reviews)`,
    () => createCaller({ ...multi.services, user: halfUsers[next++] }).resources.list(ref),
    expectHalf,
  );
  await run(
    `bound in ${Math.ceil(namespaces / 2)} of ${namespaces} namespaces, warm cache`,
    () => createCaller({ ...multi.services, user: halfUsers[0] }).resources.list(ref),
    expectHalf,
  );
} finally {
  await single.stop();
  await multi.stop();
  await ext.deleteCustomResourceDefinition({ name: crdName }).catch(() => undefined);
  for (const ns of nsNames) await core.deleteNamespace({ name: ns }).catch(() => undefined);
  await rbac.deleteClusterRoleBinding({ name: `rbac-bench-${id}` }).catch(() => undefined);
  await rbac.deleteClusterRole({ name: `rbac-bench-${id}` }).catch(() => undefined);
}

console.log(`resources.list across all namespaces, ${namespaces} namespaces × ${perNamespace} objects (times in ms)\n`);
console.log('| reader | rows | calls | p50 / max |');
console.log('| --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
