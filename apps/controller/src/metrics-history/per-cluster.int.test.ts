// One kind in two clusters (docs/design/0035): one studio over the test sandbox (the default
// context) and a second sandbox started here, the same Memcached design installed in both. Each
// cluster's controller-manager exports its own series (`cluster` = its kubeconfig context), and
// metrics.kind, asked over HTTP as the web app asks it, answers with the requesting cluster's
// points only: a Memcached reconciled in the second cluster moves the second cluster's charts,
// never the default's, and each cluster's reconcile counter equals its own timeline.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { serializeDesign } from '@opstudio/shared/design/io';
import { fullGroup } from '@opstudio/shared/design/names';
import { totalRate } from '@opstudio/shared/metrics/index';
import type { ControllerPoint } from '@opstudio/shared/metrics/index';
import { kubeConfigForContext, loadKubeConfig } from '../kube/kubeconfig';
import type { RunningServer } from '../server';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { exampleDesign } from '../../testing/design-fixture';
import {
  callerOn,
  queryOn,
  startSecondSandbox,
  startStudioOn,
  uninstallEverywhere,
  type SecondSandbox,
} from '../../testing/second-cluster';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const design = exampleDesign('memcached.design.yaml', `metrics-${suffix}`);
const group = fullGroup(design);
const crdName = `memcacheds.${group}`;
const ns = `metrics-it-${suffix}`; // the Lease and the CRs, in both clusters

interface KindMetrics {
  readonly controller: string;
  readonly cluster: string;
  readonly here: { readonly state: string };
  readonly points: ControllerPoint[];
}

describe('controller metrics per cluster', { skip: skipWithoutCluster, timeout: 300_000 }, () => {
  let server: RunningServer;
  let second: SecondSandbox;
  let list = '';
  let designId = '';
  const testContext = loadKubeConfig(kubeconfigPath).contextName;
  const core = (context: string) => kubeConfigForContext(loadKubeConfig(list).kc, context).makeApiClient(CoreV1Api);
  const api = (context: string) => callerOn(server, context);
  const cr = (name: string) => ({ group, version: 'v1alpha1', plural: 'memcacheds', namespace: ns, name });

  /** metrics.kind over HTTP, naming the cluster as the web app does. */
  const kindMetrics = (context: string) => queryOn<KindMetrics>(server, context, 'metrics.kind', { crdName });

  async function metricsText(): Promise<string> {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.launchToken}` } });
    return res.text();
  }

  /** The value of the one series of `name` with exactly these labels (in any order). */
  function series(text: string, name: string, labels: Record<string, string>): number | undefined {
    const want = Object.entries(labels)
      .map(([k, v]) => `${k}="${v}"`)
      .sort()
      .join(',');
    for (const [, inner = '', value = ''] of text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} (\\S+)$`, 'gm')))
      if (inner.split(',').sort().join(',') === want) return Number(value);
    return undefined;
  }

  async function createAndSettle(context: string, name: string): Promise<string> {
    const created = await api(context).resources.create({
      ...cr(name),
      body: { metadata: { name }, spec: { size: 1, containerPort: 11211 } },
    });
    await eventually(`${name} Available in ${context}`, 90_000, async () => {
      const obj = await api(context).resources.get(cr(name));
      const status = obj.status as { conditions?: { type: string; status: string }[] } | undefined;
      return status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True') === true ? true : undefined;
    });
    return created.metadata.uid;
  }

  before(async () => {
    second = await startSecondSandbox('metrics-it', 31820); // ports 31820..31825
    list = [kubeconfigPath ?? '', second.kubeconfigPath].join(path.delimiter);
    for (const context of [testContext, second.context])
      await core(context).createNamespace({ body: { metadata: { name: ns } } });
    server = await startStudioOn(list, { namespace: ns, name: 'opstudio-metrics-it' });
    designId = (await api(testContext).designs.save({ name: `memcached-${suffix}`, yaml: serializeDesign(design) })).id;
    for (const context of [testContext, second.context]) await api(context).crds.install({ designId });
  });

  after(async () => {
    if (server !== undefined) {
      await uninstallEverywhere(server, [testContext, second.context], designId, ['only-here', 'there-too'].map(cr));
      await server.close();
    }
    await core(testContext)
      .deleteNamespace({ name: ns })
      .catch(() => undefined);
    await second?.stop();
  });

  test('a Memcached reconciled in the second cluster moves its charts only, under its own series', async () => {
    const both = [testContext, second.context];
    for (const context of both)
      await eventually(`the controller reconciling in ${context}`, 60_000, async () =>
        (await kindMetrics(context)).here.state === 'reconciling' ? true : undefined,
      );
    await createAndSettle(second.context, 'only-here');

    const moved = await eventually('a point with reconciles in the second cluster', 30_000, async () => {
      const m = await kindMetrics(second.context);
      return m.points.some((p) => totalRate(p) > 0) ? m : undefined;
    });
    assert.equal(moved.cluster, second.context);
    assert.equal(moved.controller, 'memcached');
    const here = await kindMetrics(testContext);
    assert.deepEqual([here.cluster, here.controller], [testContext, 'memcached']);
    assert.ok(here.points.length > 0, 'the default cluster’s controller is sampled too');
    assert.deepEqual(
      here.points.map((p) => totalRate(p)).filter((r) => r > 0),
      [],
      'no reconcile of the second cluster in the default cluster’s charts',
    );

    const text = await metricsText();
    const successIn = (cluster: string) =>
      series(text, 'controller_runtime_reconcile_total', { controller: 'memcached', result: 'success', cluster });
    assert.equal(successIn(testContext), 0);
    assert.ok((successIn(second.context) ?? 0) > 0, `reconciles in ${second.context}: ${successIn(second.context)}`);
    for (const cluster of both)
      assert.equal(
        series(text, 'leader_election_master_status', { name: 'opstudio-metrics-it', cluster }),
        1,
        `the manager in ${cluster} leads its own Lease`,
      );
  });

  test('with a Memcached in each cluster, each cluster’s reconcile counter equals its own timeline', async () => {
    const uids = new Map([
      [testContext, await createAndSettle(testContext, 'there-too')],
      [second.context, (await api(second.context).resources.get(cr('only-here'))).metadata.uid],
    ]);
    await eventually('counters equal to the timelines', 30_000, async () => {
      const text = await metricsText();
      const counts = await Promise.all(
        [...uids].map(async ([context, uid]) => {
          const runs = (await api(context).history.runs({ uid, limit: 500 })).runs.length;
          const counted = ['success', 'error', 'requeue', 'requeue_after']
            .map(
              (result) =>
                series(text, 'controller_runtime_reconcile_total', {
                  controller: 'memcached',
                  result,
                  cluster: context,
                }) ?? NaN,
            )
            .reduce((a, b) => a + b, 0);
          return { context, runs, counted };
        }),
      );
      return counts.every((c) => c.runs > 0 && c.runs === c.counted) ? counts : undefined;
    });
  });
});
