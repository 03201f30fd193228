/**
 * How fast the embedded controller follows an edit of a graph design: one Web app custom
 * resource (examples/webapp.design.yaml) is patched N times, each edit changing spec.image,
 * spec.port and spec.greeting at once, and we measure patch → every child shows it (the
 * ConfigMap's GREETING, the Deployment's image and containerPort, the Service's targetPort),
 * as seen by watches. Prints p50 / p99 / max. Needs the sandbox (OPSTUDIO_KUBECONFIG); runs the
 * controller-manager in-process on a temporary SQLite database; the design is installed under a
 * unique API group and removed afterwards.
 * Run: OPSTUDIO_KUBECONFIG=data/sandbox-test/kubeconfig node --import tsx bench/graph-edit-latency.bench.ts [edits]
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import {
  ApiextensionsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
  Watch,
} from '@kubernetes/client-node';
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
const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
if (kubeconfig === undefined || kubeconfig === '')
  throw new Error('set OPSTUDIO_KUBECONFIG to the sandbox kubeconfig (npx opstudio sandbox kubeconfig --profile test)');
const { kc } = loadKubeConfig(kubeconfig);
const suffix = randomUUID().slice(0, 8);
const parsed = parseDesign(readFileSync(new URL('../examples/webapp.design.yaml', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('examples/webapp.design.yaml does not parse');
const design = { ...parsed.design, crd: { ...parsed.design.crd, group: `web-${suffix}` } };
const [group, version, plural, ns, name] = [
  `web-${suffix}.example.com`,
  'v1alpha1',
  'webapps',
  `graph-bench-${suffix}`,
  'site',
];

type Seen = { greeting?: string; image?: string; containerPort?: number; targetPort?: number };
const seen: Seen = {};
type Want = Required<Seen>;
let waiting: { want: Want; resolve: () => void } | undefined;
const check = () => {
  const w = waiting?.want;
  if (
    w &&
    seen.greeting === w.greeting &&
    seen.image === w.image &&
    seen.containerPort === w.containerPort &&
    seen.targetPort === w.targetPort
  )
    waiting?.resolve();
};
const reach = (want: Want) => new Promise<void>((resolve) => ((waiting = { want, resolve }), check()));

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
  lease: { namespace: ns, name: 'graph-bench' },
});
const running = manager.start(stop.signal);
const samples: number[] = [];
const watches: AbortController[] = [];
try {
  await eventually('the CRD to be Established', 30_000, async () =>
    (await ext.readCustomResourceDefinition({ name: crd.metadata.name })).status?.conditions?.some(
      (c) => c.type === 'Established' && c.status === 'True',
    )
      ? true
      : undefined,
  );
  // the few fields read off the watched objects
  interface Watched {
    metadata?: { name?: string };
    data?: Record<string, string>;
    spec?: {
      ports?: { targetPort?: number }[];
      template?: { spec?: { containers?: { image?: string; ports?: { containerPort?: number }[] }[] } };
    };
  }
  const on = async (path: string, read: (o: Watched) => void) =>
    watches.push(
      await new Watch(kc).watch(
        path,
        {},
        (_t, o: Watched) => (read(o), check()),
        () => undefined,
      ),
    );
  await on(`/api/v1/namespaces/${ns}/configmaps`, (o) => {
    if (o.metadata?.name === `${name}-config`) seen.greeting = o.data?.GREETING;
  });
  await on(`/apis/apps/v1/namespaces/${ns}/deployments`, (o) => {
    const c = o.spec?.template?.spec?.containers?.[0];
    if (o.metadata?.name === `${name}-deployment`)
      [seen.image, seen.containerPort] = [c?.image, c?.ports?.[0]?.containerPort];
  });
  await on(`/api/v1/namespaces/${ns}/services`, (o) => {
    if (o.metadata?.name === `${name}-service`) seen.targetPort = o.spec?.ports?.[0]?.targetPort;
  });
  const specOf = (i: number): Want & { port: number } => ({
    greeting: `hello ${i}`,
    image: `nginx:1.27.${i}`,
    containerPort: 8000 + (i % 100),
    targetPort: 8000 + (i % 100),
    port: 8000 + (i % 100),
  });
  const first = specOf(0);
  const created = reach(first);
  await custom.createNamespacedCustomObject({
    group,
    version,
    namespace: ns,
    plural,
    body: {
      apiVersion: `${group}/${version}`,
      kind: 'WebApp',
      metadata: { name },
      spec: { image: first.image, port: first.port, greeting: first.greeting, replicas: 1 },
    },
  });
  await created;
  for (let i = 1; i <= edits; i++) {
    const s = specOf(i);
    const reached = reach(s);
    const t0 = performance.now();
    await custom.patchNamespacedCustomObject(
      {
        group,
        version,
        namespace: ns,
        plural,
        name,
        body: { spec: { image: s.image, port: s.port, greeting: s.greeting } },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await reached;
    samples.push(performance.now() - t0);
  }
} finally {
  for (const w of watches) w.abort();
  await custom.deleteCollectionNamespacedCustomObject({ group, version, namespace: ns, plural }).catch(() => undefined);
  await eventually('the WebApps to be deleted', 60_000, async () =>
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
const label = `spec edit → ConfigMap, Deployment and Service updated (${samples.length} edits)`;
const rows: [string, string][] = [
  [`${label}, p50`, ms(pct(50))],
  [`${label}, p99`, ms(pct(99))],
  [`${label}, max`, ms(sorted.at(-1) ?? NaN)],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log(
  `graph-edit-latency: load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores at the end\n`,
);
console.log(`| ${'measure'.padEnd(width)} | value |`);
console.log(`| ${'-'.repeat(width)} | ----- |`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
