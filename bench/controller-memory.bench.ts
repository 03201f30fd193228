/**
 * The embedded controller's memory as the number of Memcacheds grows, and a burst of new ones.
 * Runs the controller-manager as the served controller wires it (startControllerManager: shared
 * informer cache, reconcile history in SQLite, the Events watcher) in this process, then for each
 * target count: creates Memcacheds (size 1) up to it, waits until every one is Available, lets the
 * controller settle, collects garbage and reads RSS and the heap; writes a heap snapshot and
 * prints its summary by constructor (bench/heap-summary.ts). With `burst=N`, N more Memcacheds in
 * a namespace of their own are timed from create to all Available, then deleted.
 * The CRD, namespace and database are kept between runs (`MEM_BENCH_DB`), so a second run starts a
 * fresh controller on a cluster that already holds the objects (the cold-start cache).
 * Run: OPSTUDIO_KUBECONFIG=… MEM_BENCH_DB=/tmp/memwork/studio.db node --expose-gc --import tsx \
 *        bench/controller-memory.bench.ts counts=1000,10000 burst=300 workers=1 snapshots=/tmp/memwork/snap
 */
import { existsSync, mkdirSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { register } from 'prom-client';
import { ApiextensionsV1Api, CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { openDb } from '../apps/controller/src/db';
import { labelledCrd } from '../apps/controller/src/install/labels';
import { installIdentity } from '../apps/controller/src/install/identity';
import { InformerCache } from '../apps/controller/src/kube/informer-cache';
import { loadKubeConfig } from '../apps/controller/src/kube/kubeconfig';
import { LiveBus } from '../apps/controller/src/live/bus';
import { SnapshotRegistry } from '../apps/controller/src/live/snapshots';
import { startControllerManager } from '../apps/controller/src/operators';
import { learntClusterIdentity } from '../apps/controller/testing/cluster-identity';
import { eventually, migratedTempDb } from '../apps/controller/testing';
import { parseDesign, serializeDesign } from '../packages/shared/src/design/io';
import { formatHeapSummary, summarizeHeapSnapshot } from './heap-summary';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=') as [string, string]));
const counts = (args.counts ?? '1000')
  .split(',')
  .filter((c) => c !== '')
  .map(Number);
const burst = Number(args.burst ?? 0);
const workers = Number(args.workers ?? 1);
const snapDir = args.snapshots;
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const kubeconfig = process.env.OPSTUDIO_KUBECONFIG;
if (kubeconfig === undefined || kubeconfig === '') throw new Error('set OPSTUDIO_KUBECONFIG');
const { kc } = loadKubeConfig(kubeconfig);

const dbFile = process.env.MEM_BENCH_DB;
const dbUrl = dbFile === undefined ? migratedTempDb() : `file:${dbFile}`;
if (dbFile !== undefined && !existsSync(dbFile))
  throw new Error(`${dbFile}: migrate it first (DATABASE_URL=file:… npx prisma migrate deploy)`);
const db = openDb(dbUrl);
const parsed = parseDesign(readFileSync(new URL('../examples/memcached.design.yaml', import.meta.url), 'utf8'));
if (!parsed.ok) throw new Error('examples/memcached.design.yaml does not parse');
const design = { ...parsed.design, crd: { ...parsed.design.crd, group: 'cache-mem' } };
const [group, version, plural, ns] = ['cache-mem.example.com', 'v1alpha1', 'memcacheds', 'mem-bench'];
const saved =
  (await db.design.findFirst({ where: { name: 'mem-bench' } })) ??
  (await db.design.create({
    data: { name: 'mem-bench', versions: { create: { version: 1, yaml: serializeDesign(design) } } },
  }));
const ext = kc.makeApiClient(ApiextensionsV1Api);
const core = kc.makeApiClient(CoreV1Api);
const custom = kc.makeApiClient(CustomObjectsApi);
const crd = labelledCrd(design, saved.id, 1);
await ext.createCustomResourceDefinition({ body: crd as never }).catch(() => undefined);
for (const n of [ns, 'mem-burst'])
  await core.createNamespace({ body: { metadata: { name: n } } }).catch(() => undefined);
await installIdentity(kc, design, saved.id, crd.metadata.name, ns); // the manager's Lease namespace

const cache = new InformerCache({ kc });
const controllers = startControllerManager({
  kc,
  db,
  cluster: learntClusterIdentity(kc),
  bus: new LiveBus(),
  snapshots: new SnapshotRegistry(),
  cache,
  lease: { namespace: ns, name: 'mem-bench' },
  maxConcurrentReconciles: workers,
});
const crSpec = { group, version, resource: plural };
const available = (o: { status?: { conditions?: { type: string; status: string }[] } }) =>
  o.status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True') === true;

/** Creates many-<i> for i < count in `namespace` (those that exist answer 409), 32 at a time. */
async function createUpTo(namespace: string, count: number, from = 0): Promise<void> {
  let next = from;
  const one = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++)
      await custom
        .createNamespacedCustomObject({
          group,
          version,
          namespace,
          plural,
          body: {
            apiVersion: `${group}/${version}`,
            kind: 'Memcached',
            metadata: { name: `many-${i}` },
            spec: { size: 1 },
          },
        })
        .catch((err: unknown) => {
          if ((err as { code?: number }).code !== 409) throw err;
        });
  };
  await Promise.all(Array.from({ length: 32 }, one));
}

/** Waits until the controller's own cache shows `count` Available Memcacheds in `namespace`. */
async function allAvailable(namespace: string, count: number, timeoutMs: number): Promise<void> {
  await eventually(`${count} Memcacheds Available in ${namespace}`, timeoutMs, () => {
    const crs = cache.peek(crSpec) ?? [];
    const n = crs.filter((o) => o.metadata?.namespace === namespace && available(o as never)).length;
    return n >= count ? true : undefined;
  });
}

/** Deletes the burst namespace's Memcacheds (the controller removes its finalizer) and waits until they are gone. */
async function clearBurst(): Promise<void> {
  await custom.deleteCollectionNamespacedCustomObject({ group, version, namespace: 'mem-burst', plural });
  await eventually('the burst Memcacheds to be deleted', 600_000, () =>
    (cache.peek(crSpec) ?? []).some((o) => o.metadata?.namespace === 'mem-burst') ? undefined : true,
  );
}

/** Until the work queues have been empty and idle for 5 s in a row, then the history's writes and prunes. */
async function settle(): Promise<void> {
  let quiet = 0;
  while (quiet < 5) {
    await new Promise((r) => setTimeout(r, 1000));
    const metric = async (name: string) =>
      ((await register.getSingleMetric(name)?.get())?.values ?? []).reduce((a, v) => a + v.value, 0);
    const busy = (await metric('workqueue_depth')) + (await metric('workqueue_longest_running_processor_seconds'));
    quiet = busy === 0 ? quiet + 1 : 0;
  }
  await controllers.history.idle();
}

const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;
const results: string[] = [];
try {
  await eventually('the Memcached informer', 60_000, () => (cache.peek(crSpec) !== undefined ? true : undefined));
  for (const count of counts) {
    const t0 = performance.now();
    await createUpTo(ns, count);
    await allAvailable(ns, count, 3 * 3600_000);
    const settledAfter = performance.now() - t0;
    await settle();
    for (let i = 0; i < 3; i++) gc();
    const m = process.memoryUsage();
    const stats = cache
      .stats()
      .map((s) => `${s.key}=${s.objects}`)
      .join(' ');
    results.push(
      `| ${count} | ${mib(m.rss)} | ${mib(m.heapTotal)} | ${mib(m.heapUsed)} | ${mib(m.external)} | ${(settledAfter / 1000).toFixed(0)} s | ${stats} |`,
    );
    console.log(results.at(-1));
    if (snapDir !== undefined) {
      mkdirSync(snapDir, { recursive: true });
      const file = writeHeapSnapshot(path.join(snapDir, `controller-${count}.heapsnapshot`));
      console.log(formatHeapSummary(summarizeHeapSnapshot(file, 15)));
    }
  }
  if (burst > 0) {
    await clearBurst(); // what an interrupted run left
    await settle(); // the start-up reconciles of what the cluster already holds are not the burst's
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await createUpTo('mem-burst', burst);
    await allAvailable('mem-burst', burst, 600_000);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    results.push(
      `burst: ${burst} new Memcacheds → all Available in ${(ms / 1000).toFixed(1)} s (${workers} worker(s)); this process used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU`,
    );
    console.log(results.at(-1));
    await clearBurst();
  }
} finally {
  await controllers.stop();
  cache.stop();
  await db.$disconnect();
}
console.log(
  `\ncontroller-memory: ${workers} worker(s), load ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
);
console.log('| Memcacheds | RSS | heap total | heap used | external | create → settled | cached objects |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results) console.log(r);
