// resources.search against the sandbox: a kind nobody watches is named "not loaded" and no watch
// is started for it; once a live table watches it, its objects are found by part of their name,
// across namespaces (the per-user namespace filter is search.test.ts's, with the reader resources.list uses).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from '../auth';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServices } from '../services';
import type { RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { deleteCrd, installCrd, listen, widgetCrd } from '../../testing/resources';

const suffix = randomUUID().slice(0, 8);
const group = `search-${suffix}.opstudio.dev`;
const namespaces = [`search-a-${suffix}`, `search-b-${suffix}`];

describe('resources.search against the sandbox', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  let running: RunningServices;
  const conn = () => loadKubeConfig(kubeconfigPath);
  const api = () => createCaller({ ...running.services, user: LOCAL_ADMIN }).resources;

  before(async () => {
    const { kc } = conn();
    await installCrd(kc, widgetCrd(group));
    const objects = kc.makeApiClient(CustomObjectsApi);
    for (const [i, namespace] of namespaces.entries()) {
      await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
      await objects.createNamespacedCustomObject({
        group,
        version: 'v1',
        plural: 'widgets',
        namespace,
        body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name: `blue-gizmo-${i}` }, spec: {} },
      });
    }
    running = await startServices(conn(), migratedTempDb(), {
      lease: { namespace: namespaces[0] ?? '', name: 'opstudio-it' },
    });
  });

  after(async () => {
    await running?.stop();
    const { kc } = conn();
    await deleteCrd(kc, `widgets.${group}`);
    for (const name of namespaces)
      await kc
        .makeApiClient(CoreV1Api)
        .deleteNamespace({ name })
        .catch(() => undefined);
  });

  test('a kind nobody watches is not loaded, and searching starts no watch for it', async () => {
    // the kinds list fills from its own watch: wait until it knows the new CRD
    const result = await eventually('the kind to be listed', 30_000, async () => {
      const r = await api().search({ text: 'gizmo' });
      return r.notLoaded.includes(`widgets.${group}`) ? r : undefined;
    });
    assert.deepEqual(result.hits, []);
    const watched = running.informers.stats().map((s) => s.key);
    assert.equal(
      watched.some((k) => k.includes(group)),
      false,
      `no informer for the kind: ${watched.join(', ')}`,
    );
  });

  test('once a live table watches the kind, its objects are found by part of their name', async () => {
    const table = await listen(running.services, [`resources:${group}/v1/widgets`]);
    try {
      const result = await eventually('the kind to be cached', 30_000, async () => {
        const r = await api().search({ text: 'gizmo', limit: 20 });
        return r.hits.length === 2 ? r : undefined;
      });
      assert.deepEqual(
        result.hits.map((h) => `${h.namespace}/${h.name} ${h.kind} ${h.crdName}`),
        [
          `${namespaces[0]}/blue-gizmo-0 Widget widgets.${group}`,
          `${namespaces[1]}/blue-gizmo-1 Widget widgets.${group}`,
        ],
      );
      assert.equal(result.notLoaded.includes(`widgets.${group}`), false);
      assert.equal((await api().search({ text: 'gizmo', limit: 1 })).hits.length, 1);
      await assert.rejects(api().search({ text: '   ' }), /too_small|at least|>=1/i);
    } finally {
      await table.close();
    }
  });
});
