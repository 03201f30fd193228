// Storage migration on the sandbox (docs/design/0054): 1,000 objects stored at v1alpha1, then v1
// becomes the storage version. `opstudio migrate <kind> run` in its own process is killed
// (SIGKILL) a third of the way; a second run resumes from the CRD's checkpoint and finishes, and
// no object the first run rewrote is written again (its resourceVersion is the same after the
// resume as right after the kill), while every object was rewritten once. Then
// status.storedVersions is trimmed to [v1], v1alpha1 unserved and removed, and every object still
// reads at v1. Each step's check refuses it before its turn.
// Then the studio's own path: a pass started through the page's procedure (migration.step) in an
// `opstudio serve` process; the process is SIGKILLed part of the way and started again, and the
// new leader resumes the pass by itself, as the identity the checkpoint recorded.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, test } from 'node:test';
import { CoordinationV1Api, CoreV1Api, Watch, type KubeConfig } from '@kubernetes/client-node';
import { MIGRATION_ANNOTATION, objectKey, readCheckpoint } from '@opstudio/shared/migration/plan';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { repoRoot } from '../config';
import { CrdClient } from '../install/crd-client';
import { DESIGN_LABEL } from '../install/labels';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { LEASE_NAME } from '../kube/lease-access';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { StudioProcess } from '../../testing/studio-process';
import { MigrationRefused, StorageMigrator } from './migrator';

const COUNT = 1000;
const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const schema = {
  openAPIV3Schema: {
    type: 'object',
    properties: { spec: { type: 'object', properties: { n: { type: 'integer' }, colour: { type: 'string' } } } },
  },
};
const version = (name: string, storage: boolean) => ({ name, served: true, storage, schema });
const namespaces = ['default', 'kube-public'];

interface Listed {
  metadata: { namespace: string; name: string; resourceVersion: string };
  spec: { n: number; colour: string };
}

/**
 * `widgets.<group>` with `count` objects written at v1alpha1, then v1 made the storage version:
 * status.storedVersions is [v1alpha1, v1] and the migration stands at `migrate`.
 */
async function widgetsStoredAtAlpha(kube: KubeJson, group: string, count: number) {
  const crdName = `widgets.${group}`;
  const migrator = new StorageMigrator(kube);
  const at = (v: string, ns?: string) => `/apis/${group}/${v}${ns === undefined ? '' : `/namespaces/${ns}`}/widgets`;
  const established = () =>
    eventually('the CRD Established', 30_000, async () => {
      const c = await kube.request<{ status?: { conditions?: { type: string; status: string }[] } }>({
        method: 'GET',
        path: `${CRDS}/${crdName}`,
      });
      return c.status?.conditions?.some((x) => x.type === 'Established' && x.status === 'True') === true
        ? true
        : undefined;
    });
  await kube.request({
    method: 'POST',
    path: CRDS,
    body: {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: crdName, labels: { [DESIGN_LABEL]: 'migration-it' } },
      spec: {
        group,
        scope: 'Namespaced',
        names: { kind: 'Widget', plural: 'widgets', singular: 'widget', listKind: 'WidgetList' },
        versions: [version('v1alpha1', true)],
      },
    },
  });
  await established();
  // the objects at v1alpha1, 50 requests at a time
  for (let i = 0; i < count; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, j) => {
        const n = i + j;
        const ns = namespaces[n % 2]!;
        return kube.request({
          method: 'POST',
          path: at('v1alpha1', ns),
          body: {
            apiVersion: `${group}/v1alpha1`,
            kind: 'Widget',
            metadata: { name: `w-${String(n).padStart(4, '0')}` },
            spec: { n, colour: n % 3 === 0 ? 'red' : 'blue' },
          },
        });
      }),
    );

  // v1 becomes the storage version
  const crd = await kube.request<CustomResourceDefinition>({ method: 'GET', path: `${CRDS}/${crdName}` });
  crd.spec.versions = [version('v1alpha1', false), version('v1', true)] as CustomResourceDefinition['spec']['versions'];
  await kube.request({ method: 'PUT', path: `${CRDS}/${crdName}`, body: crd });
  await eventually('storedVersions [v1alpha1, v1]', 30_000, async () => {
    const s = await migrator.status(crdName);
    return s.stored.join() === 'v1alpha1,v1' && s.step === 'migrate' ? true : undefined;
  });
  await established();
  // the API server swaps the kind's storage when its CRD informer sees the update
  await new Promise((r) => setTimeout(r, 2_000));
  /** every object's resourceVersion, by key, read at v1 */
  const rvs = async () => {
    const list = await kube.request<{ items: Listed[] }>({ method: 'GET', path: at('v1') });
    return new Map(list.items.map((o) => [objectKey(o.metadata), o.metadata.resourceVersion]));
  };
  return { crdName, migrator, at, rvs };
}

/** `opstudio migrate` in its own process; `killAt` SIGKILLs it once a progress line reaches it. */
function cli(crdName: string, args: string[], killAt?: number) {
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'apps/controller/bin/opstudio.js'),
      'migrate',
      crdName,
      ...args,
      '--kubeconfig',
      kubeconfigPath!,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    const done = /\] (\d+)\/\d+$/.exec(line)?.[1];
    if (killAt !== undefined && done !== undefined && Number(done) >= killAt) child.kill('SIGKILL');
  });
  return new Promise<{ code: number | null; signal: string | null; lines: string[]; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, lines, stderr })),
  );
}

test(
  'a killed migration of 1,000 objects resumes without rewriting what it did; storedVersions ends [v1] and v1alpha1 is removed',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async () => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    const kube = new KubeJson(kc);
    const group = `mig${Date.now().toString(36)}.example.com`;
    after(() => new CrdClient(kc).delete(`widgets.${group}`));
    const { crdName, migrator, at, rvs } = await widgetsStoredAtAlpha(kube, group, COUNT);

    // the trim is refused before the migration
    await assert.rejects(migrator.trim(crdName), (err: Error) => {
      assert.ok(err instanceof MigrationRefused);
      assert.match(
        err.message,
        /cannot drop old versions from status\.storedVersions: objects may still be stored at v1alpha1; migrate them first/,
      );
      return true;
    });

    const before = await rvs();
    assert.equal(before.size, COUNT);

    const started = Date.now();
    const killed = await cli(crdName, ['run', '--rate', '100', '--migrator', 'studio'], 300);
    assert.equal(
      killed.signal,
      'SIGKILL',
      `the first pass ended before it was killed: ${killed.lines.join('\n')}${killed.stderr}`,
    );
    const cp = readCheckpoint(await migrator.crd(crdName));
    assert.ok(cp !== null && !cp.finished && cp.done >= 250 && cp.done < COUNT, JSON.stringify(cp));
    const mid = await rvs();
    const rewritten = [...mid].filter(([k, rv]) => before.get(k) !== rv).map(([k]) => k);
    // everything up to the checkpoint was rewritten, and at most what the last batches did past it
    for (const [k] of mid) if (k <= cp.after) assert.notEqual(mid.get(k), before.get(k), `${k} was not rewritten`);
    assert.ok(rewritten.length >= cp.done && rewritten.length < cp.done + 60, `${rewritten.length} vs ${cp.done}`);

    const resumed = await cli(crdName, ['run', '--rate', '100', '--migrator', 'studio']);
    assert.equal(resumed.code, 0, resumed.stderr);
    // the objects rewritten after the last checkpoint count as done, not as to do
    assert.ok(resumed.lines.includes(`resuming the pass at ${rewritten.length} of ${COUNT}`), resumed.lines.join('\n'));
    assert.ok(
      resumed.lines.some((l) => l.endsWith(`] ${COUNT}/${COUNT}`)),
      resumed.lines.join('\n'),
    );
    assert.match(resumed.lines.join('\n'), /step trim: every object is stored at v1/);
    const last = await rvs();
    for (const k of rewritten) assert.equal(last.get(k), mid.get(k), `${k} was written again after the resume`);
    for (const [k, rv] of last) assert.notEqual(rv, before.get(k), `${k} was never rewritten`);
    console.log(`migrated ${COUNT} objects in ${Date.now() - started} ms across a kill`);

    // the remaining steps, each refused before its turn
    await assert.rejects(migrator.retire(crdName, 'remove'), /v1alpha1 is still in status\.storedVersions/);
    assert.deepEqual((await migrator.trim(crdName)).stored, ['v1']);
    await assert.rejects(migrator.retire(crdName, 'remove'), /v1alpha1 is still served; unserve it first/);
    assert.equal((await migrator.retire(crdName, 'unserve')).step, 'remove');
    const done = await migrator.retire(crdName, 'remove');
    assert.equal(done.step, 'done');
    const final = await migrator.crd(crdName);
    assert.deepEqual(
      final.spec.versions.map((v) => v.name),
      ['v1'],
    );
    assert.deepEqual((final.status as { storedVersions: string[] }).storedVersions, ['v1']);
    assert.ok(final.metadata.annotations?.[MIGRATION_ANNOTATION] !== undefined);

    // every object still reads, as it was written
    const all = await kube.request<{ items: Listed[] }>({ method: 'GET', path: at('v1') });
    assert.equal(all.items.length, COUNT);
    for (const o of all.items) {
      const n = Number(o.metadata.name.slice(2));
      assert.deepEqual(o.spec, { n, colour: n % 3 === 0 ? 'red' : 'blue' }, o.metadata.name);
    }
    // and at v1alpha1 no more
    await assert.rejects(
      kube.request({ method: 'GET', path: at('v1alpha1') }),
      (err: { code?: number }) => err.code === 404,
    );
  },
);

const RESUMED_COUNT = 300;

/** Counts each object's MODIFIED events from `resourceVersion` on (a watch of the kind at v1). */
async function countWrites(kc: KubeConfig, path: string, resourceVersion: string) {
  const writes = new Map<string, number>();
  const watch = await new Watch(kc).watch(
    path,
    { resourceVersion },
    (type: string, o: { metadata: { namespace?: string; name: string } }) => {
      if (type === 'MODIFIED') writes.set(objectKey(o.metadata), (writes.get(objectKey(o.metadata)) ?? 0) + 1);
    },
    () => undefined,
  );
  return { writes, stop: () => watch.abort() };
}

test(
  'a pass started from the page resumes by itself when the killed studio starts again, without rewriting what was done',
  { skip: skipWithoutCluster, timeout: 180_000 },
  async (t) => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    const kube = new KubeJson(kc);
    const group = `migr${Date.now().toString(36)}.example.com`;
    const leaseNamespace = `mig-${Date.now().toString(36)}`;
    const core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: leaseNamespace } } });
    const studios: StudioProcess[] = [];
    t.after(async () => {
      for (const s of studios) await s.kill('SIGTERM');
      await new CrdClient(kc).delete(`widgets.${group}`);
      await core.deleteNamespace({ name: leaseNamespace }).catch(() => undefined);
    });
    const { crdName, migrator, at, rvs } = await widgetsStoredAtAlpha(kube, group, RESUMED_COUNT);
    const before = await rvs();
    const listed = await kube.request<{ metadata: { resourceVersion: string } }>({ method: 'GET', path: at('v1') });
    const watched = await countWrites(kc, at('v1'), listed.metadata.resourceVersion);
    t.after(() => watched.stop());

    const opts = { kubeconfig: kubeconfigPath!, databaseUrl: migratedTempDb(), leaseNamespace };
    const start = async (label: string) => {
      const s = await StudioProcess.start(label, opts);
      studios.push(s);
      await eventually(`${label} to lead`, 60_000, () => s.leading());
      return s;
    };
    const first = await start('first studio');
    // the page's Migrate button: migration.step as the signed-in user (single-user mode: the launch token)
    const res = await fetch(`${first.url}/api/trpc/migration.step`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${first.token}`,
        'content-type': 'application/json',
        'x-opstudio-csrf': '1',
      },
      body: JSON.stringify({ crdName, step: 'run', ratePerSecond: 100, migrator: 'studio' }),
    });
    assert.equal(res.status, 200, await res.text());
    const checkpoint = async () => readCheckpoint(await migrator.crd(crdName));
    await eventually('a third of the pass', 30_000, async () => ((await checkpoint())?.done ?? 0) >= 100 || undefined);
    await first.kill('SIGKILL');
    const cp = await checkpoint();
    assert.ok(cp !== null && !cp.finished && cp.done < RESUMED_COUNT, JSON.stringify(cp));
    assert.deepEqual(cp.by, { as: 'studio' }, 'single-user mode: the pass writes as the studio kubeconfig');
    assert.equal(cp.rate, 100);
    const mid = await rvs();
    const rewritten = [...mid].filter(([k, rv]) => before.get(k) !== rv).map(([k]) => k);
    assert.ok(rewritten.length >= cp.done && rewritten.length < RESUMED_COUNT, `${rewritten.length} vs ${cp.done}`);
    assert.deepEqual((await migrator.status(crdName)).stored, ['v1alpha1', 'v1'], 'not trimmed mid-pass');

    // the killed studio's Lease would expire in 15 s: deleting it lets the restart lead at once
    await kc
      .makeApiClient(CoordinationV1Api)
      .deleteNamespacedLease({ name: LEASE_NAME, namespace: leaseNamespace })
      .catch(() => undefined);
    const restarted = Date.now();
    const second = await start('restarted studio');
    const done = await eventually('the pass to finish by itself', 60_000, async () => {
      const c = await checkpoint();
      return c?.finished === true ? c : undefined;
    });
    t.diagnostic(`the restarted studio finished the pass ${Date.now() - restarted} ms after its start`);
    assert.equal(done.done, RESUMED_COUNT);
    assert.ok(
      second.log.some((l) => l.text.startsWith('Storage migration resumed')),
      `the restarted studio did not say it resumed:\n${second.tail()}`,
    );
    const last = await rvs();
    for (const k of rewritten) assert.equal(last.get(k), mid.get(k), `${k} was written again after the restart`);
    for (const [k, rv] of last) assert.notEqual(rv, before.get(k), `${k} was never rewritten`);
    await eventually('every write seen', 10_000, () => (watched.writes.size === RESUMED_COUNT ? true : undefined));
    assert.deepEqual(
      [...watched.writes].filter(([, n]) => n !== 1),
      [],
      'each object written exactly once across the kill',
    );
    // only now can the old version leave status.storedVersions
    assert.deepEqual((await migrator.status(crdName)).stored, ['v1alpha1', 'v1']);
    assert.equal((await migrator.status(crdName)).step, 'trim');
    assert.deepEqual((await migrator.trim(crdName)).stored, ['v1']);
  },
);

/**
 * The third test's kind, made before the first test runs: the cluster's migrator works only on a
 * kind its garbage collector watches, which it learns by discovery every 30 s, and its retries
 * back off meanwhile (a kind a few seconds old took 90 s to migrate; one a minute old, seconds).
 */
let clusterKind: ReturnType<typeof widgetsStoredAtAlpha> | undefined;
const clusterGroup = `migc${Date.now().toString(36)}.example.com`;
before(() => {
  if (skipWithoutCluster !== false) return;
  clusterKind = widgetsStoredAtAlpha(new KubeJson(loadKubeConfig(kubeconfigPath).kc), clusterGroup, 100);
  clusterKind.catch(() => undefined); // awaited (and reported) by the test
});
after(async () => {
  if (clusterKind !== undefined)
    await new CrdClient(loadKubeConfig(kubeconfigPath).kc).delete(`widgets.${clusterGroup}`);
});

/**
 * Once the kind's StorageVersionMigration has its `status.resourceVersion`, one write to the kind:
 * an object made and deleted again, none of the ones the test checks. The cluster's migrator
 * starts only when the garbage collector's cache of the kind has seen that resourceVersion; on a
 * kind nobody writes, that cache moves only with a watch bookmark (about once a minute), and the
 * migrator's retries back off exponentially meanwhile (25-46 s measured). On a kind in use any
 * write moves it, as this one does (the migration then took 10 s).
 */
async function writeOnceMigrationStarted(kube: KubeJson, crdName: string, group: string): Promise<void> {
  await eventually(
    'the StorageVersionMigration to have its resourceVersion',
    60_000,
    async () => {
      const svms = await kube.request<{
        items: { metadata: { name: string }; status?: { resourceVersion?: string } }[];
      }>({ method: 'GET', path: '/apis/storagemigration.k8s.io/v1beta1/storageversionmigrations' });
      const svm = svms.items.find((m) => m.metadata.name.startsWith(crdName));
      return (svm?.status?.resourceVersion ?? '') === '' ? undefined : true;
    },
    { everyMs: 250 },
  );
  const widgets = `/apis/${group}/v1/namespaces/default/widgets`;
  await kube.request({
    method: 'POST',
    path: widgets,
    body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: 'a-write' }, spec: { n: -1, colour: 'red' } },
  });
  await kube.request({ method: 'DELETE', path: `${widgets}/a-write` });
}

test(
  'where the cluster serves storagemigration.k8s.io, its own migrator rewrites the objects and trims storedVersions',
  { skip: skipWithoutCluster, timeout: 180_000 },
  async () => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    const kube = new KubeJson(kc);
    const { crdName, migrator, rvs } = await clusterKind!;
    const before = await rvs();
    const started = Date.now();
    const running = cli(crdName, ['run']);
    await writeOnceMigrationStarted(kube, crdName, clusterGroup);
    const run = await running;
    assert.equal(run.code, 0, `${run.lines.join('\n')}${run.stderr}`);
    const out = run.lines.join('\n');
    assert.match(out, /the cluster's storage migrator rewrites the objects/);
    assert.match(out, /the cluster's migration succeeded/);
    assert.ok(
      run.lines.some((l) => l.endsWith('] 100/100')),
      out,
    );
    console.log(`the cluster's migrator migrated 100 objects in ${Date.now() - started} ms`);
    const cp = readCheckpoint(await migrator.crd(crdName));
    assert.ok(cp?.finished === true && cp.via !== undefined, JSON.stringify(cp));
    after(() =>
      kube
        .request({ method: 'DELETE', path: `/apis/storagemigration.k8s.io/v1beta1/storageversionmigrations/${cp.via}` })
        .catch(() => undefined),
    );
    // the cluster trims status.storedVersions itself: the next step is unserve
    const s = await eventually('the cluster to trim storedVersions', 30_000, async () => {
      const now = await migrator.status(crdName);
      return now.stored.join() === 'v1' ? now : undefined;
    });
    assert.equal(s.step, 'unserve');
    for (const [k, rv] of await rvs()) assert.notEqual(rv, before.get(k), `${k} was not rewritten`);
    // one migration for the kind, under the name the checkpoint gives (a restart finds it there)
    const svms = await kube.request<{ items: { metadata: { name: string } }[] }>({
      method: 'GET',
      path: '/apis/storagemigration.k8s.io/v1beta1/storageversionmigrations',
    });
    assert.deepEqual(
      svms.items.map((m) => m.metadata.name).filter((n) => n.startsWith(crdName)),
      [cp.via],
    );
    assert.equal((await migrator.retire(crdName, 'unserve')).step, 'remove');
    assert.equal((await migrator.retire(crdName, 'remove')).step, 'done');
    assert.equal((await rvs()).size, 100, 'every object still reads at v1');
  },
);
