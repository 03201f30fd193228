// The API the apply dialog (docs/design/0032-apply-diff.md) relies on, against the sandbox: a merge
// patch that carries metadata.resourceVersion is a dry run that stores nothing, and once the object
// has moved on (another writer, or the controller writing status) the same patch is refused with
// CONFLICT, dry run or not, and changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CustomObjectsApi, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type { TRPCError } from '@trpc/server';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from '../auth';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServices } from '../services';
import type { RunningServices } from '../services';
import { kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { installWidgets, removeWidgets } from '../../testing/resources';

const suffix = randomUUID().slice(0, 8);
const group = `ap-${suffix}.opstudio.dev`;
const ns = `ap-it-${suffix}`;
const ref = { group, version: 'v1', plural: 'widgets', namespace: ns };
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

describe('apply preconditions against the sandbox', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  let running: RunningServices;
  const conn = () => loadKubeConfig(kubeconfigPath);
  const api = () => createCaller({ ...running.services, user: LOCAL_ADMIN }).resources;
  // the API server's own answer (resources.get reads the studio's cache, which follows other writers a moment later)
  const sizeOf = async (name: string) =>
    (
      (await conn()
        .kc.makeApiClient(CustomObjectsApi)
        .getNamespacedCustomObject({ ...ref, name })) as {
        spec: { size: number };
      }
    ).spec.size;

  before(async () => {
    await installWidgets(conn().kc, group, ns);
    running = await startServices(conn(), migratedTempDb(), { lease: { namespace: ns, name: 'opstudio-ap' } });
  });

  after(async () => {
    await running?.stop();
    await removeWidgets(conn().kc, group, ns);
  });

  test('a dry run at the current resourceVersion answers the result and stores nothing', async () => {
    const created = await api().create({ ...ref, body: { metadata: { name: 'dry' }, spec: { size: 3 } } });
    const rv = created.metadata.resourceVersion;
    const answer = await api().patch({
      ...ref,
      name: 'dry',
      strategy: 'merge',
      patch: { metadata: { resourceVersion: rv }, spec: { size: 5 } },
      dryRun: true,
    });
    assert.equal((answer.spec as { size: number }).size, 5);
    assert.equal(await sizeOf('dry'), 3);
    const live = await api().get({ ...ref, name: 'dry' });
    assert.equal(live.metadata.resourceVersion, rv, 'a dry run writes nothing');
  });

  test('once another writer moved the object on, the same patch is CONFLICT on the dry run and for real', async () => {
    const created = await api().create({ ...ref, body: { metadata: { name: 'raced' }, spec: { size: 3 } } });
    const stale = created.metadata.resourceVersion;
    const objects = conn().kc.makeApiClient(CustomObjectsApi);
    await objects.patchNamespacedCustomObject({ ...ref, name: 'raced', body: { spec: { size: 2 } } }, mergePatch);
    const patch = { metadata: { resourceVersion: stale }, spec: { size: 5 } };
    for (const dryRun of [true, false]) {
      await assert.rejects(
        api().patch({ ...ref, name: 'raced', strategy: 'merge', patch, dryRun }),
        (err: TRPCError) => err.code === 'CONFLICT' && /has been modified/.test(err.message),
      );
    }
    assert.equal(await sizeOf('raced'), 2, "the other writer's value stays");
  });

  test('a status write moves resourceVersion on too: a patch without its base is CONFLICT (with it the server rebases: patch-rebase.ts, object-topic.int.test.ts)', async () => {
    const created = await api().create({ ...ref, body: { metadata: { name: 'busy' }, spec: { size: 3 } } });
    const objects = conn().kc.makeApiClient(CustomObjectsApi);
    await objects.patchNamespacedCustomObjectStatus(
      { ...ref, name: 'busy', body: { status: { observed: 1 } } },
      mergePatch,
    );
    await assert.rejects(
      api().patch({
        ...ref,
        name: 'busy',
        strategy: 'merge',
        patch: { metadata: { resourceVersion: created.metadata.resourceVersion }, spec: { size: 4 } },
        dryRun: true,
      }),
      (err: TRPCError) => err.code === 'CONFLICT',
    );
  });
});
