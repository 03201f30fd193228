/**
 * How fast the embedded controller follows an edit: a Memcached's `spec.size` is patched N times
 * (sizes 1…5 in turn) and each time we measure patch → the Deployment's new `spec.replicas`, as
 * seen by a watch. Prints p50 / p99 / max. Then M new Memcacheds (size 1) are created at once and
 * we measure the time until every one reports Available=True (one reconcile worker, as kubebuilder). Needs the sandbox (OPSTUDIO_KUBECONFIG) and runs the
 * controller-manager in-process against a temporary SQLite database; the Memcached design is
 * installed under a unique API group and removed afterwards.
 * Run: OPSTUDIO_KUBECONFIG=data/sandbox-test/kubeconfig node --import tsx bench/scale-latency.bench.ts [edits] [crs] [workers]
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import {
  ApiextensionsV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
  Watch,
} from '@kubernetes/client-node';
import type { V1Deployment } from '@kubernetes/client-node';
import { openDb } from '../apps/controller/src/db';
import { labelledCrd } from '../apps/controller/src/install/labels';
import { installIdentity } from '../apps/controller/src/install/identity';
import { loadKubeConfig } from '../apps/controller/src/kube/kubeconfig';
import { ControllerManager } from '../apps/controller/src/operators/manager';
import { apiServerEventSink, EventRecorder } from '../apps/controller/src/runtime/recorder';
import { learntClusterIdentity } from '../apps/controller/testing/cluster-identity';
import { eventually, migratedTempDb } from '../apps/controller/testing';
import { parseDesign, serializeDesign } from '../packages/shared/src/design/io';

const edits = Number(process.argv[2] ?? 100);
const crCount = Number(process.argv[3] ?? 200);
// kubebuilder's default is one reconcile worker; more shows where the time goes (controller or cluster).
const workers = Number(process.argv[4] ?? 1);
let availableMs = NaN;
let availableCount = 0;
let deploymentsMs = NaN;
const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
if (kubeconfig === undefined || kubeconfig === '')
  throw new Error('set OPSTUDIO_KUBECONFIG to the sandbox kubeconfig (npx opstudio sandbox kubeconfig --profile test)');
const { kc } = loadKubeConfig(kubeconfig);
const suffix = randomUUID().slice(0, 8);
const parsed = parseDesign(readFileSync(new URL('../examples/memcached.design.yaml', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('examples/memcached.design.yaml does not parse');
const design = { ...parsed.design, crd: { ...parsed.design.crd, group: `cache-${suffix}` } };
const [group, version, plural, ns, name] = [
  `cache-${suffix}.example.com`,
  'v1alpha1',
  'memcacheds',
  `scale-bench-${suffix}`,
  'bench',
];

const db = openDb(migratedTempDb());
const saved = await db.design.create({
  data: { name: `bench-${suffix}`, versions: { create: { version: 1, yaml: serializeDesign(design) } } },
});
const ext = kc.makeApiClient(ApiextensionsV1Api);
const core = kc.makeApiClient(CoreV1Api);
const custom = kc.makeApiClient(CustomObjectsApi);
const crd = labelledCrd(design, saved.id, 1);
await ext.createCustomResourceDefinition({ body: crd as never });
await core.createNamespace({ body: { metadata: { name: ns } } });
await installIdentity(kc, design, saved.id, crd.metadata.name, ns); // the manager's Lease namespace
const stop = new AbortController();
const manager = new ControllerManager({
  kc,
  db,
  cluster: learntClusterIdentity(kc),
  recorder: new EventRecorder({ sink: apiServerEventSink(kc) }),
  lease: { namespace: ns, name: 'scale-bench' },
  maxConcurrentReconciles: workers,
});
const running = manager.start(stop.signal);
const samples: number[] = [];
try {
  await eventually('the CRD to be Established', 30_000, async () =>
    (await ext.readCustomResourceDefinition({ name: crd.metadata.name })).status?.conditions?.some(
      (c) => c.type === 'Established' && c.status === 'True',
    )
      ? true
      : undefined,
  );
  let waiting: { replicas: number; resolve: () => void } | undefined;
  const watch = await new Watch(kc).watch(
    `/apis/apps/v1/namespaces/${ns}/deployments`,
    {},
    (_type, obj: V1Deployment) => {
      if (waiting !== undefined && obj.spec?.replicas === waiting.replicas) waiting.resolve();
    },
    () => undefined,
  );
  const reach = (replicas: number) => new Promise<void>((resolve) => (waiting = { replicas, resolve }));
  const first = reach(1);
  await custom.createNamespacedCustomObject({
    group,
    version,
    namespace: ns,
    plural,
    body: { apiVersion: `${group}/${version}`, kind: 'Memcached', metadata: { name }, spec: { size: 1 } },
  });
  await first;
  for (let i = 0; i < edits; i++) {
    const size = (i % 4) + 2 === 5 && i % 8 === 7 ? 1 : (i % 4) + 2; // 2,3,4,5,2,3,4,1,…
    const reached = reach(size);
    const t0 = performance.now();
    await custom.patchNamespacedCustomObject(
      { group, version, namespace: ns, plural, name, body: { spec: { size } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await reached;
    samples.push(performance.now() - t0);
  }
  watch.abort();

  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: crCount }, (_, i) =>
      custom.createNamespacedCustomObject({
        group,
        version,
        namespace: ns,
        plural,
        body: {
          apiVersion: `${group}/${version}`,
          kind: 'Memcached',
          metadata: { name: `many-${i}` },
          spec: { size: 1 },
        },
      }),
    ),
  );
  // Bounded, so a sandbox whose pods never become ready (see docs/design/0011) ends with a number.
  const deadline = Date.now() + 300_000;
  const apps = kc.makeApiClient(AppsV1Api);
  for (;;) {
    if (
      Number.isNaN(deploymentsMs) &&
      (await apps.listNamespacedDeployment({ namespace: ns })).items.filter((d) =>
        d.metadata?.name?.startsWith('many-'),
      ).length === crCount
    )
      deploymentsMs = performance.now() - t0;
    const list = (await custom.listNamespacedCustomObject({ group, version, namespace: ns, plural })) as {
      items: { metadata: { name: string }; status?: { conditions?: { type: string; status: string }[] } }[];
    };
    availableCount = list.items.filter(
      (m) =>
        m.metadata.name.startsWith('many-') &&
        m.status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True'),
    ).length;
    if (availableCount === crCount || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  availableMs = performance.now() - t0;
} finally {
  // delete the CRs while the controller still runs, so its finalizer lets them go
  await custom.deleteCollectionNamespacedCustomObject({ group, version, namespace: ns, plural }).catch(() => undefined);
  await eventually('the Memcacheds to be deleted', 120_000, async () =>
    ((await custom.listNamespacedCustomObject({ group, version, namespace: ns, plural })) as { items: unknown[] }).items
      .length === 0
      ? true
      : undefined,
  ).catch((err: unknown) => console.error(String(err)));
  stop.abort();
  await running;
  await core.deleteNamespace({ name: ns }).catch(() => undefined);
  await ext.deleteCustomResourceDefinition({ name: crd.metadata.name }).catch(() => undefined);
  await db.$disconnect();
}
const sorted = [...samples].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (v: number) => `${v.toFixed(0)} ms`;
const rows: [string, string][] = [
  [`spec.size patch → Deployment spec.replicas, p50 (${samples.length} edits)`, ms(pct(50))],
  [`spec.size patch → Deployment spec.replicas, p99 (${samples.length} edits)`, ms(pct(99))],
  [`spec.size patch → Deployment spec.replicas, max (${samples.length} edits)`, ms(sorted.at(-1) ?? NaN)],
  [`${crCount} new Memcacheds (size 1) → every Deployment created`, `${(deploymentsMs / 1000).toFixed(1)} s`],
  [
    `${crCount} new Memcacheds (size 1) → all Available=True`,
    availableCount === crCount
      ? `${(availableMs / 1000).toFixed(1)} s`
      : `only ${availableCount}/${crCount} after ${(availableMs / 1000).toFixed(0)} s (are the sandbox's nodes Ready?)`,
  ],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(
  `scale-latency: ${workers} reconcile worker(s), load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores at the end\n`,
);
console.log(`| ${'measure'.padEnd(width)} | value |`);
console.log(`| ${'-'.repeat(width)} | ----- |`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
if (availableCount !== crCount) process.exitCode = 1;
