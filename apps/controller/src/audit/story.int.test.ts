// The used-by story through the real router as a signed-in admin: save the design, install its
// CRD, create a Memcached, patch its size, uninstall. The audit log names the user and the object
// of each change and the cluster it was made in, with its result; a viewer's attempt is refused before it reaches the cluster.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { createCaller } from '../api/root';
import type { StudioUser } from '../auth';
import { repoRoot } from '../config';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServices, type RunningServices } from '../services';
import { kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';

const suffix = Date.now().toString(36);
const domain = `audit${suffix}.example.com`;
const group = `cache.${domain}`;
const namespace = `audit-${suffix}`;
const memcached = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8').replace(
  'domain: example.com',
  `domain: ${domain}`,
);
const ada: StudioUser = { id: 'u-ada', name: 'ada', role: 'admin' };
const val: StudioUser = { id: 'u-val', name: 'val', role: 'viewer' };

describe('the audit log of the used-by story', { skip: skipWithoutCluster }, () => {
  let running: RunningServices;
  const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);

  before(async () => {
    await core().createNamespace({ body: { metadata: { name: namespace } } });
    running = await startServices(loadKubeConfig(kubeconfigPath), migratedTempDb(), {
      lease: { namespace, name: 'opstudio-audit-it' },
    });
  });
  after(async () => {
    await running?.stop();
    await core()
      .deleteNamespace({ name: namespace })
      .catch(() => undefined);
  });

  test('install, create and patch are recorded with the right user; a viewer is refused', async () => {
    const asAda = createCaller({ ...running.services, user: ada });
    const { id: designId } = await asAda.designs.save({ name: `memcached-${suffix}`, yaml: memcached });
    await asAda.crds.install({ designId });
    const ref = { group, version: 'v1alpha1', plural: 'memcacheds', namespace };
    await asAda.resources.create({
      ...ref,
      body: { apiVersion: `${group}/v1alpha1`, kind: 'Memcached', metadata: { name: 'm1' }, spec: { size: 1 } },
    });
    await asAda.resources.patch({ ...ref, name: 'm1', strategy: 'merge', patch: { spec: { size: 2 } } });
    await assert.rejects(
      createCaller({ ...running.services, user: val }).resources.patch({
        ...ref,
        name: 'm1',
        strategy: 'merge',
        patch: { spec: { size: 9 } },
      }),
      (e) => e instanceof TRPCError && e.code === 'FORBIDDEN',
    );
    await asAda.crds.uninstall({ designId, deleteResources: true });

    const rows = (await running.services.audit.list({ actor: 'ada' })).reverse();
    assert.deepEqual(
      rows.map((r) => [r.action, r.actorRole, r.result, r.designId ?? r.kind, r.namespace, r.name]),
      [
        ['designs.save', 'admin', 'success', undefined, undefined, `memcached-${suffix}`],
        ['crds.install', 'admin', 'success', designId, undefined, `memcacheds.${group}`],
        ['resources.create', 'admin', 'success', 'memcacheds', namespace, 'm1'],
        ['resources.patch', 'admin', 'success', 'memcacheds', namespace, 'm1'],
        ['crds.uninstall', 'admin', 'success', designId, undefined, `memcacheds.${group}`],
      ],
    );
    assert.equal(rows[0]?.designId, undefined, 'a new design has no id before the save');
    // the patch is summarised by the paths it touched, the created object not at all by its values
    assert.deepEqual(rows[3]?.summary, { after: { strategy: 'merge', patch: { paths: ['spec.size'] } } });
    assert.deepEqual(rows[2]?.summary, {
      after: { body: { paths: ['apiVersion', 'kind', 'metadata.name', 'spec.size'] } },
    });
    assert.equal(rows[0]?.summary, undefined, 'a design save stores nothing of the design');
    assert.equal(rows[3]?.group, group);
    // a change to a cluster names its context; a design is the studio's, in no cluster
    const context = loadKubeConfig(kubeconfigPath).contextName;
    assert.deepEqual(
      rows.map((r) => r.cluster),
      [undefined, context, context, context, context],
    );
    assert.equal((await running.services.audit.list({ actor: 'ada', cluster: context })).length, 4);
    assert.deepEqual(
      await running.services.audit.list({ actor: 'val' }),
      [],
      'a refusal by role never reached the change',
    );
  });
});
