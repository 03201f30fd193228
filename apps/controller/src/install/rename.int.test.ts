// Issue 15, point 5: a design whose group changes after install makes a new CRD. "Changes vs
// cluster" names the CRD it installed before and the resources it holds (it said "No changes"
// about a CRD never installed), install asks before making the second CRD, and the old one can be
// uninstalled on its own.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TRPCError } from '@trpc/server';
import { createCaller } from '../api/root';
import { toTRPCError } from '../api/errors';
import { LOCAL_ADMIN } from '../auth';
import { repoRoot } from '../config';
import { KubeJson } from '../kube/json-client';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServices, type RunningServices } from '../services';
import { kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { CrdClient } from './crd-client';

const domain = `r${Date.now().toString(36)}.example.com`;
const memcached = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8').replace(
  'domain: example.com',
  `domain: ${domain}`,
);
const [oldCrd, newCrd] = [`memcacheds.cache.${domain}`, `memcacheds.store.${domain}`];

describe('changing the group of an installed design', { skip: skipWithoutCluster }, () => {
  let running: RunningServices;
  let api: ReturnType<typeof createCaller>;
  let client: CrdClient;
  before(async () => {
    const conn = loadKubeConfig(kubeconfigPath);
    running = await startServices(conn, migratedTempDb(), {
      lease: { namespace: 'default', name: `rename-it-${domain}` },
    });
    api = createCaller({ ...running.services, user: LOCAL_ADMIN });
    client = new CrdClient(conn.kc);
  });
  after(async () => {
    await client.delete(oldCrd).catch(() => undefined);
    await client.delete(newCrd).catch(() => undefined);
    await running?.stop();
  });

  test('the old CRD is named with its resources, install asks, and the old one uninstalls alone', async () => {
    const { id } = await api.designs.save({ name: `rename-${domain}`, yaml: memcached });
    await api.crds.install({ designId: id });
    const kube = new KubeJson(loadKubeConfig(kubeconfigPath).kc);
    await kube.request({
      method: 'POST',
      path: `/apis/cache.${domain}/v1alpha1/namespaces/default/memcacheds`,
      body: { apiVersion: `cache.${domain}/v1alpha1`, kind: 'Memcached', metadata: { name: 'one' }, spec: { size: 1 } },
    });
    await api.designs.save({ id, name: `rename-${domain}`, yaml: memcached.replace('group: cache', 'group: store') });

    const diff = await api.crds.diff({ designId: id });
    assert.equal(diff.crdName, newCrd);
    assert.equal(diff.installed, null);
    assert.deepEqual(diff.previous, { crdName: oldCrd, kind: 'Memcached', resources: 1 });

    await assert.rejects(api.crds.install({ designId: id }), (thrown: unknown) => {
      const e = thrown instanceof TRPCError ? thrown : toTRPCError(thrown);
      assert.equal(e.code, 'PRECONDITION_FAILED');
      assert.match(
        e.message,
        new RegExp(`makes a new CRD ${newCrd}; the design is installed as ${oldCrd} \\(1 Memcached resource\\)`),
      );
      return true;
    });
    assert.equal(await client.read(newCrd), undefined, 'nothing made before the confirmation');
    await api.crds.install({ designId: id, confirmBreaking: true });
    assert.ok(await client.read(newCrd));

    await api.crds.uninstall({ designId: id, crdName: oldCrd, deleteResources: true });
    assert.equal(await client.read(oldCrd), undefined, 'the old CRD is gone');
    assert.ok(await client.read(newCrd), 'the new one stays');
    const after = await api.crds.diff({ designId: id });
    assert.equal(after.previous, null);
    assert.notEqual(after.installed, null);
  });
});
