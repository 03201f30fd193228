// Parity: the exported Go manager (`go run ./cmd/main.go` against the test sandbox) and the
// embedded controller reconcile the same Memcached design alike. Each side gets its own API
// group and namespace (the Go side's CRD carries no studio label, so no embedded controller
// picks it up); a Memcached with size 3 is created on both, and once both converged the test
// compares what a user would see: the Deployment's spec (server-defaulted) and labels, its owner
// reference, the finalizer, each condition's type/status/reason, and status.nodes; then both CRs
// are deleted and must go (each controller's finalizer ran).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiextensionsV1Api,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type { KubeConfig, V1CustomResourceDefinition, V1Deployment } from '@kubernetes/client-node';
import { parse as parseYaml } from 'yaml';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import type { Condition } from '@opstudio/shared/operand/index';
import { scaffoldProject } from '@opstudio/shared/scaffold/scaffold';
import { repoRoot } from '../config';
import { openDb } from '../db';
import { HistoryStore } from '../history/store';
import { labelledCrd } from '../install/labels';
import { installIdentity } from '../install/identity';
import { loadKubeConfig } from '../kube/kubeconfig';
import { LiveBus } from '../live/bus';
import { ControllerManager } from '../operators/manager';
import { apiServerEventSink, EventRecorder } from '../runtime/recorder';
import { learntClusterIdentity } from '../../testing/cluster-identity';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { goEnv, hasGo } from './go-check';
import { writeTree } from './write-tree';
import { loadCel } from '@opstudio/cel/node';

// a graph's export reads what each child reads from the CEL engine
await loadCel();

interface Memcached {
  metadata: { uid: string; generation: number; finalizers?: string[] };
  status?: { conditions?: Condition[]; nodes?: string[] };
}

const skip = skipWithoutCluster || (hasGo() ? false : 'go is needed to run the exported manager');
const [version, plural, name] = ['v1alpha1', 'memcacheds', 'memcached-sample'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function established(ext: ApiextensionsV1Api, crdName: string): Promise<void> {
  await eventually(`the CRD ${crdName} to be Established`, 30_000, async () => {
    const c = await ext.readCustomResourceDefinition({ name: crdName });
    return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True') === true
      ? true
      : undefined;
  });
}

/** One side of the comparison: its group, namespace and how to read its CR. */
function side(kc: KubeConfig, group: string, ns: string) {
  const custom = kc.makeApiClient(CustomObjectsApi);
  const apps = kc.makeApiClient(AppsV1Api);
  const core = kc.makeApiClient(CoreV1Api);
  const getCr = async () =>
    (await custom.getNamespacedCustomObject({ group, version, namespace: ns, plural, name })) as Memcached;
  const converged = async (size: number) => {
    const dep = await apps.readNamespacedDeployment({ name, namespace: ns }).catch(() => undefined);
    const pods = (await core.listNamespacedPod({ namespace: ns })).items.filter(
      (p) => p.status?.phase === 'Running' && p.metadata?.deletionTimestamp === undefined,
    );
    const cr = await getCr().catch(() => undefined);
    const available = cr?.status?.conditions?.find((c) => c.type === 'Available');
    const podNames = pods.map((p) => p.metadata?.name ?? '').sort();
    const nodes = [...(cr?.status?.nodes ?? [])].sort();
    return dep?.spec?.replicas === size &&
      pods.length === size &&
      available?.status === 'True' &&
      JSON.stringify(nodes) === JSON.stringify(podNames)
      ? { dep, cr: cr!, podNames }
      : undefined;
  };
  return {
    group,
    ns,
    create: () =>
      custom.createNamespacedCustomObject({
        group,
        version,
        namespace: ns,
        plural,
        body: {
          apiVersion: `${group}/${version}`,
          kind: 'Memcached',
          metadata: { name },
          spec: { size: 3, containerPort: 11211 },
        },
      }),
    /** Deletes the CR and waits until it is gone (its controller removed the finalizer). */
    deleteAndWait: async () => {
      await custom.deleteNamespacedCustomObject({ group, version, namespace: ns, plural, name });
      await eventually(`the ${group} CR to be gone after its finalizer ran`, 60_000, async () =>
        (await getCr().catch(() => 'gone')) === 'gone' ? true : undefined,
      );
    },
    remove: async () => {
      await custom.deleteNamespacedCustomObject({ group, version, namespace: ns, plural, name }).catch(() => undefined);
      await eventually(`the ${group} CR to be gone`, 30_000, async () =>
        (await getCr().catch(() => 'gone')) === 'gone' ? true : undefined,
      ).catch(() =>
        custom
          .patchNamespacedCustomObject(
            { group, version, namespace: ns, plural, name, body: { metadata: { finalizers: null } } },
            setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
          )
          .catch(() => undefined),
      );
    },
    converged,
    /** What a failed wait shows: the CR and the Deployment as the server has them. */
    state: async () => ({
      cr: await getCr().catch((e: unknown) => String(e)),
      deployment: await apps
        .readNamespacedDeployment({ name, namespace: ns })
        .then((d) => ({ replicas: d.spec?.replicas, status: d.status }))
        .catch((e: unknown) => String(e)),
      pods: (await core.listNamespacedPod({ namespace: ns })).items.map(
        (p) => `${p.metadata?.name ?? ''} ${p.status?.phase ?? ''}`,
      ),
    }),
  };
}

/** The parts of a Deployment that must agree; generated fields (uid, resourceVersion, times) are left out. */
function comparable(dep: V1Deployment, group: string) {
  const owner = dep.metadata?.ownerReferences?.[0];
  return {
    labels: dep.metadata?.labels,
    spec: JSON.parse(JSON.stringify(dep.spec)) as unknown,
    owner:
      owner === undefined
        ? undefined
        : { ...owner, apiVersion: owner.apiVersion.replace(group, '<group>'), uid: '<uid>' },
  };
}

test(
  'the exported Go manager reconciles a Memcached like the embedded controller',
  { skip, timeout: 20 * 60_000 },
  async (t) => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    const ext = kc.makeApiClient(ApiextensionsV1Api);
    const core = kc.makeApiClient(CoreV1Api);
    const suffix = randomUUID().slice(0, 8);
    const parsed = parseDesign(readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8'));
    assert.ok(parsed.ok);
    const withGroup = (g: string): Design => ({ ...parsed.design, crd: { ...parsed.design.crd, group: g } });
    const goDesign = withGroup(`cache-go-${suffix}`);
    const tsDesign = withGroup(`cache-ts-${suffix}`);
    const goSide = side(kc, `cache-go-${suffix}.example.com`, `parity-go-${suffix}`);
    const tsSide = side(kc, `cache-ts-${suffix}.example.com`, `parity-ts-${suffix}`);
    const cleanups: (() => Promise<unknown>)[] = [];
    t.after(async () => {
      for (const c of cleanups.reverse()) await c().catch((e: unknown) => t.diagnostic(`cleanup: ${String(e)}`));
    });

    // the Go side: export, install its CRD (no studio label), run the manager
    const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-parity-'));
    cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    const scaffold = scaffoldProject(goDesign);
    writeTree(dir, scaffold.files);
    const crdPath = [...scaffold.files.keys()].find((p) => p.startsWith('config/crd/bases/'))!;
    const goCrd = parseYaml(scaffold.files.get(crdPath)!) as V1CustomResourceDefinition;
    await ext.createCustomResourceDefinition({ body: goCrd });
    cleanups.push(() => ext.deleteCustomResourceDefinition({ name: goCrd.metadata!.name! }));
    for (const s of [goSide, tsSide]) {
      await core.createNamespace({ body: { metadata: { name: s.ns } } });
      cleanups.push(() => core.deleteNamespace({ name: s.ns }));
    }
    const probePort = await freePort();
    const started = Date.now();
    const manager = spawn(
      'go',
      ['run', './cmd/main.go', '--metrics-bind-address=0', `--health-probe-bind-address=127.0.0.1:${probePort}`],
      {
        cwd: dir,
        env: goEnv({ KUBECONFIG: path.resolve(kubeconfigPath!) }),
        detached: true, // its own process group: `go run` starts the built binary as a child
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let log = '';
    manager.stdout.on('data', (d: Buffer) => (log = `${log}${d.toString()}`.slice(-20_000)));
    manager.stderr.on('data', (d: Buffer) => (log = `${log}${d.toString()}`.slice(-20_000)));
    const exited = new Promise<void>((resolve) => manager.once('exit', () => resolve()));
    cleanups.push(async () => {
      if (manager.exitCode === null && manager.pid !== undefined) {
        process.kill(-manager.pid, 'SIGTERM');
        const killed = await Promise.race([
          exited.then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
        ]);
        if (!killed) process.kill(-manager.pid, 'SIGKILL');
      }
    });
    await established(ext, goCrd.metadata!.name!);
    await eventually('the Go manager to be ready (go run compiles it first)', 10 * 60_000, async () => {
      if (manager.exitCode !== null) throw new Error(`the Go manager exited (${manager.exitCode}):\n${log}`);
      const ok = await fetch(`http://127.0.0.1:${probePort}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      return ok ? true : undefined;
    });
    t.diagnostic(`go run ./cmd/main.go ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // the embedded side, as operators/memcached.int.test.ts runs it
    const db = openDb(migratedTempDb());
    const saved = await db.design.create({
      data: { name: `parity-${suffix}`, versions: { create: { version: 1, yaml: serializeDesign(tsDesign) } } },
    });
    const tsCrd = labelledCrd(tsDesign, saved.id, 1);
    await ext.createCustomResourceDefinition({ body: tsCrd as never });
    cleanups.push(() => ext.deleteCustomResourceDefinition({ name: tsCrd.metadata.name }));
    // the embedded controller writes as the design's identity, in its Lease namespace
    await installIdentity(kc, tsDesign, saved.id, tsCrd.metadata.name, tsSide.ns);
    const stop = new AbortController();
    const cluster = learntClusterIdentity(kc);
    const history = new HistoryStore({ db, cluster, bus: new LiveBus() });
    const embedded = new ControllerManager({
      kc,
      db,
      cluster,
      recorder: new EventRecorder({ sink: apiServerEventSink(kc) }),
      history,
      lease: { namespace: tsSide.ns, name: 'operator-studio-parity' },
    });
    const embeddedDone = embedded.start(stop.signal);
    cleanups.push(async () => {
      stop.abort();
      await embeddedDone;
      await history.idle();
      await db.$disconnect();
    });
    await established(ext, tsCrd.metadata.name);
    // CRs go before their controllers stop: the finalizers need them
    cleanups.push(() => Promise.all([goSide.remove(), tsSide.remove()]));

    await Promise.all([goSide.create(), tsSide.create()]);
    const [go, ts] = await Promise.all([
      eventually('the Go manager: 3 Running pods in status.nodes, Available=True', 180_000, () => goSide.converged(3)),
      eventually('the embedded controller: 3 Running pods in status.nodes, Available=True', 180_000, () =>
        tsSide.converged(3),
      ),
    ]).catch(async (err: unknown) => {
      for (const s of [goSide, tsSide]) t.diagnostic(`${s.group}: ${JSON.stringify(await s.state())}`);
      t.diagnostic(`Go manager log (tail):\n${log.slice(-6000)}`);
      throw err;
    });

    assert.deepEqual(
      comparable(go.dep, goSide.group),
      comparable(ts.dep, tsSide.group),
      'Deployment labels, spec and owner reference',
    );
    assert.equal(go.dep.metadata?.ownerReferences?.[0]?.uid, go.cr.metadata.uid);
    assert.deepEqual(go.cr.metadata.finalizers, [`${goSide.group}/finalizer`]);
    assert.deepEqual(ts.cr.metadata.finalizers, [`${tsSide.group}/finalizer`]);
    const conditions = (cr: Memcached) =>
      (cr.status?.conditions ?? [])
        .map((c) => ({ type: c.type, status: c.status, reason: c.reason }))
        .sort((a, b) => a.type.localeCompare(b.type));
    assert.deepEqual(conditions(go.cr), conditions(ts.cr), 'conditions (type, status, reason)');
    assert.deepEqual([...(go.cr.status?.nodes ?? [])].sort(), go.podNames);
    assert.deepEqual([...(ts.cr.status?.nodes ?? [])].sort(), ts.podNames);
    assert.equal(go.cr.status?.nodes?.length, ts.cr.status?.nodes?.length);

    // deletion: each controller runs its finalizer and the custom resource goes
    await Promise.all([goSide.deleteAndWait(), tsSide.deleteAndWait()]);
  },
);
