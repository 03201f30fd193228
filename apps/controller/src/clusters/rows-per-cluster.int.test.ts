// Pauses and failed reconciles per cluster (docs/design/0035): one studio over the bench/test
// sandbox (the default context) and a second sandbox started here, one database, the same
// Memcached design installed in both. The database is an upgraded one: a pause and a failed run
// stored before clusters had ids, which the default cluster claims at its first connect. A pause in
// one cluster (the API, or `opstudio pause --context`) stops that cluster's controller only, and
// each cluster's home page lists its own failed reconciles, never the other's. The installs are
// remembered (StudioCluster): a restarted studio reconciles the second cluster from boot.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { AppsV1Api, CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { serializeDesign } from '@opstudio/shared/design/io';
import { fullGroup } from '@opstudio/shared/design/names';
import { repoRoot } from '../config';
import { openDb } from '../db';
import type { StudioDb } from '../db';
import type { TimelineRun } from '../history/types';
import { kubeConfigForContext, loadKubeConfig } from '../kube/kubeconfig';
import { startServer, type RunningServer } from '../server';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster, testServerConfig } from '../../testing';
import { exampleDesign } from '../../testing/design-fixture';
import {
  callerOn,
  queryOn,
  startSecondSandbox,
  uninstallEverywhere,
  type SecondSandbox,
} from '../../testing/second-cluster';
import { readClusterId } from './cluster-identity';

const run = promisify(execFile);
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const design = exampleDesign('memcached.design.yaml', `rows-${suffix}`);
const group = fullGroup(design);
const crdName = `memcacheds.${group}`;
const ns = `rows-it-${suffix}`; // the Leases and the CRs, in both clusters

describe('pauses and failed reconciles per cluster', { skip: skipWithoutCluster, timeout: 400_000 }, () => {
  let server: RunningServer;
  let second: SecondSandbox;
  let db: StudioDb;
  let databaseUrl = '';
  let list = '';
  let designId = '';
  const testContext = loadKubeConfig(kubeconfigPath).contextName;
  const kcOf = (context: string) => kubeConfigForContext(loadKubeConfig(list).kc, context);
  const core = (context: string) => kcOf(context).makeApiClient(CoreV1Api);
  const kubeSystemUid = async (context: string) =>
    (await core(context).readNamespace({ name: 'kube-system' })).metadata?.uid ?? '';
  const api = (context: string) => callerOn(server, context);
  const cr = (name: string) => ({ group, version: 'v1alpha1', plural: 'memcacheds', namespace: ns, name });

  const query = <T>(procedure: string, context: string, input: unknown) =>
    queryOn<T>(server, context, procedure, input);
  const handOffState = async (context: string) =>
    (await query<{ here: { state: string } }>('controllers.handOff', context, { crdName })).here.state;
  const failedRuns = (context: string) => query<TimelineRun[]>('history.failures', context, { limit: 50 });
  const failures = async (context: string) => (await failedRuns(context)).map((r) => r.name);

  const startStudio = () =>
    startServer({
      config: testServerConfig({ kubeconfigPath: list, databaseUrl }),
      log: () => undefined,
      services: { lease: { namespace: ns, name: 'opstudio-rows-it' } },
    });

  /** `opstudio pause|resume` for one context, as a user runs it. */
  async function cli(cmd: 'pause' | 'resume', context: string): Promise<string> {
    const main = path.join(repoRoot, 'apps/controller/src/cli/main.ts');
    const args = ['--import', 'tsx', main, cmd, crdName, '--kubeconfig', list, '--context', context];
    const { stdout } = await run(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return stdout;
  }

  before(async () => {
    second = await startSecondSandbox('rows-it', 31800); // ports 31800..31805
    list = [kubeconfigPath ?? '', second.kubeconfigPath].join(path.delimiter);
    for (const context of [testContext, second.context])
      await core(context).createNamespace({ body: { metadata: { name: ns } } });
    // an upgraded database: a pause and a failed run from before clusters had ids (clusterId '')
    databaseUrl = migratedTempDb();
    db = openDb(databaseUrl);
    await db.kindPause.create({ data: { crdName, pausedBy: 'cli:before-upgrade' } });
    await db.reconcileRun.create({
      data: {
        controller: 'memcached',
        objectUid: `uid-${suffix}`,
        kind: 'Memcached',
        namespace: ns,
        name: 'failed-before-upgrade',
        triggers: '[]',
        startedAt: new Date(),
        durationMs: 3,
        outcome: 'error',
        errorMessage: 'stored before clusters had ids',
        actions: '[]',
        conditions: '[]',
      },
    });
    server = await startStudio();
    designId = (await api(testContext).designs.save({ name: `memcached-${suffix}`, yaml: serializeDesign(design) })).id;
    for (const context of [testContext, second.context]) await api(context).crds.install({ designId });
  });

  after(async () => {
    // the second sandbox stops whatever failed before: left running, its fixed ports fail the
    // same test in the Postgres pass
    try {
      if (server !== undefined) {
        const both = [testContext, second.context];
        for (const context of both) {
          await api(context)
            .controllers.resume({ crdName })
            .catch(() => undefined);
          await core(context)
            .deleteNamespacedResourceQuota({ name: 'no-deployments', namespace: ns })
            .catch(() => undefined);
        }
        await uninstallEverywhere(server, both, designId, ['fails-here', 'fails-there', 'after-restart'].map(cr));
        await server.close();
      }
      await db?.$disconnect();
      await core(testContext)
        .deleteNamespace({ name: ns })
        .catch(() => undefined);
    } finally {
      await second?.stop();
    }
  });

  test('a cluster is its kube-system uid; a context that may not read it is its name', async () => {
    const [here, there] = await Promise.all([testContext, second.context].map((c) => readClusterId(kcOf(c), c)));
    assert.deepEqual(here, { id: await kubeSystemUid(testContext) });
    assert.deepEqual(there, { id: await kubeSystemUid(second.context) });
    assert.notEqual(here?.id, there?.id);
    // the second sandbox's API server with a token it does not know: 401 on every read
    const stranger = second.writeKubeconfig('stranger.yaml', 'stranger', loadKubeConfig(second.kubeconfigPath).server);
    const refused = await readClusterId(loadKubeConfig(stranger, 'stranger').kc, 'stranger');
    assert.equal(refused.id, 'context:stranger');
    assert.match(refused.fallback ?? '', /kube-system/);
  });

  test('an upgrade keeps its pause and runs: the default cluster claims them, the other cluster reconciles', async () => {
    const defaultId = await kubeSystemUid(testContext);
    await eventually('the unkeyed rows claimed', 30_000, async () =>
      (await db.kindPause.count({ where: { clusterId: '' } })) +
        (await db.reconcileRun.count({ where: { clusterId: '' } })) ===
      0
        ? true
        : undefined,
    );
    const pauses = await db.kindPause.findMany();
    assert.deepEqual(
      pauses.map((p) => [p.clusterId, p.crdName, p.pausedBy]),
      [[defaultId, crdName, 'cli:before-upgrade']],
    );
    await eventually('the second cluster reconciling', 60_000, async () =>
      (await handOffState(second.context)) === 'reconciling' ? true : undefined,
    );
    assert.equal(await handOffState(testContext), 'paused');
    assert.deepEqual(await failures(testContext), ['failed-before-upgrade']);
    assert.deepEqual(await failures(second.context), []);
  });

  test('a pause in one cluster stops that cluster’s controller only', async () => {
    await api(testContext).controllers.resume({ crdName });
    await eventually('the default cluster reconciling again', 60_000, async () =>
      (await handOffState(testContext)) === 'reconciling' ? true : undefined,
    );
    assert.match(await cli('pause', second.context), /Paused the embedded controller/);
    await eventually('the second cluster paused', 20_000, async () =>
      (await handOffState(second.context)) === 'paused' &&
      !server.clusters.get(second.context).context.manager.active.includes(crdName)
        ? true
        : undefined,
    );
    await sleep(5_000); // two pause polls (2 s): a pause read by every manager would have stopped the default's by now
    assert.equal(await handOffState(testContext), 'reconciling');
    assert.ok(server.services.manager.active.includes(crdName), 'the default cluster still reconciles the kind');
    const pauses = await db.kindPause.findMany();
    assert.deepEqual(
      pauses.map((p) => [p.clusterId, p.crdName]),
      [[await kubeSystemUid(second.context), crdName]],
    );
    assert.match(await cli('resume', second.context), /Resumed the embedded controller/);
    await eventually('the second cluster reconciling again', 60_000, async () =>
      (await handOffState(second.context)) === 'reconciling' ? true : undefined,
    );
  });

  test('each cluster’s home page lists its own failed reconciles only', async () => {
    // a quota of no Deployments: the controller's create is refused, each reconcile fails
    for (const context of [testContext, second.context])
      await core(context).createNamespacedResourceQuota({
        namespace: ns,
        body: { metadata: { name: 'no-deployments' }, spec: { hard: { 'count/deployments.apps': '0' } } },
      });
    await api(testContext).resources.create({
      ...cr('fails-here'),
      body: { metadata: { name: 'fails-here' }, spec: { size: 1, containerPort: 11211 } },
    });
    await api(second.context).resources.create({
      ...cr('fails-there'),
      body: { metadata: { name: 'fails-there' }, spec: { size: 1, containerPort: 11211 } },
    });
    const failedIn = (context: string, name: string) =>
      eventually(`a failed reconcile of ${name}`, 60_000, async () => {
        const names = await failures(context);
        return names.includes(name) ? names : undefined;
      });
    await Promise.all([failedIn(testContext, 'fails-here'), failedIn(second.context, 'fails-there')]);
    // both clusters have failed runs stored now: each list is read after the other's appeared
    const [here, there] = await Promise.all([failedRuns(testContext), failedRuns(second.context)]);
    console.log(`a failed run: ${there[0]?.errorMessage ?? ''}`);
    assert.deepEqual([...new Set(here.map((r) => r.name))].sort(), ['failed-before-upgrade', 'fails-here']);
    assert.deepEqual([...new Set(there.map((r) => r.name))], ['fails-there']);
  });

  test('after a restart the second cluster is reconciled before any page of it is opened', async () => {
    const remembered = (await db.studioCluster.findMany()).map((r) => r.context).sort();
    assert.deepEqual(remembered, [testContext, second.context].sort());
    await server.close();
    server = await startStudio();
    // started at boot, from the rows the installs wrote: no request has named the second cluster
    assert.ok(server.clusters.started().has(second.context), 'the second cluster started at boot');
    const kc = kcOf(second.context);
    await kc
      .makeApiClient(CoreV1Api)
      .deleteNamespacedResourceQuota({ name: 'no-deployments', namespace: ns })
      .catch(() => undefined);
    // a CR made with kubectl's API, not through the studio (a studio request would start the cluster)
    await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
      ...cr('after-restart'),
      body: {
        apiVersion: `${group}/v1alpha1`,
        kind: 'Memcached',
        metadata: { name: 'after-restart' },
        spec: { size: 2, containerPort: 11211 },
      },
    });
    const replicas = await eventually('the Deployment of a CR made after the restart', 60_000, async () => {
      const d = await kc
        .makeApiClient(AppsV1Api)
        .readNamespacedDeployment({ name: 'after-restart', namespace: ns })
        .catch(() => undefined);
      return d?.spec?.replicas;
    });
    assert.equal(replicas, 2);
  });
});
