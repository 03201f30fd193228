// Someone edits or deletes the operand by hand, or sends a CR the schema refuses: the controller
// is level-triggered, so the Owns(Deployment) watch wakes it and it converges back to the CR's
// spec; an invalid CR never reaches it (the API server refuses it with the field's path).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppsV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { MemcachedFixture } from '../../testing/memcached-fixture';

test(
  'a Deployment scaled or deleted by hand converges back; an invalid size is refused with its path',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async (t) => {
    const { kc } = loadKubeConfig(kubeconfigPath ?? '');
    const f = await MemcachedFixture.install(kc, 'hand-it');
    const apps = kc.makeApiClient(AppsV1Api);
    const stop = new AbortController();
    const manager = f.manager('hand-it');
    const managerDone = manager.start(stop.signal);
    t.after(async () => {
      await f.deleteAll();
      stop.abort();
      await managerDone;
      await f.remove();
    });
    const name = 'm-hand';
    const converged = (what: string) =>
      eventually(what, 90_000, async () => ((await f.converged(name, 2)) ? true : undefined));

    await f.create(name, 2);
    await converged('2 ready replicas and Available=True');

    await apps.patchNamespacedDeployment(
      { name, namespace: f.ns, body: { spec: { replicas: 4 } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await eventually('the hand-scaled Deployment back at 2 replicas', 30_000, async () =>
      (await f.deploymentReplicas(name)) === 2 ? true : undefined,
    );
    await converged('converged again after the hand scale');

    const before = (await apps.readNamespacedDeployment({ name, namespace: f.ns })).metadata?.uid;
    await apps.deleteNamespacedDeployment({ name, namespace: f.ns });
    await eventually('a new Deployment in place of the deleted one', 30_000, async () => {
      const uid = (await apps.readNamespacedDeployment({ name, namespace: f.ns }).catch(() => undefined))?.metadata
        ?.uid;
      return uid !== undefined && uid !== before ? true : undefined;
    });
    await converged('converged again after the hand delete');

    const custom = kc.makeApiClient(CustomObjectsApi);
    await assert.rejects(
      custom.patchNamespacedCustomObject(
        { group: f.group, version: f.version, namespace: f.ns, plural: f.plural, name, body: { spec: { size: 9 } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      ),
      (e: Error) => /spec\.size/.test(JSON.stringify((e as { body?: unknown }).body ?? e.message)),
    );
    assert.equal((await f.get(name))?.spec.size, 2, 'the refused edit changed nothing');
  },
);
