// One CR's page, served from the shared informer cache (docs/design/0050), against the sandbox:
// the `object:` topic sends the object whole on subscribe and after each of 20 status writes, and
// null once it is deleted; resources.get answers from the same cache (the API server's own
// request counter sees no GET of the object); a merge patch carrying the base it was planned from
// is moved over status-only writes by the server, while a change to the spec still comes back as
// CONFLICT.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CustomObjectsApi, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type { TRPCError } from '@trpc/server';
import { objectTopic } from '@opstudio/shared/live/topics';
import { editableOf } from '@opstudio/shared/resources/editable';
import { createCaller } from '../api/root';
import { LOCAL_ADMIN } from '../auth';
import { loadKubeConfig } from '../kube/kubeconfig';
import type { LiveEvent } from '../live/events';
import { startServices } from '../services';
import type { RunningServices } from '../services';
import { eventually, kubeconfigPath, migratedTempDb, skipWithoutCluster } from '../../testing';
import { apiserverRequests } from '../../testing/apiserver-metrics';
import { installWidgets, listen, removeWidgets } from '../../testing/resources';

const suffix = randomUUID().slice(0, 8);
const group = `ot-${suffix}.opstudio.dev`;
const ns = `ot-it-${suffix}`;
const ref = { group, version: 'v1', plural: 'widgets', namespace: ns };
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
type ObjectEvent = Extract<LiveEvent, { topic: `object:${string}` }>;

describe('the object topic and the cached resources.get', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  let running: RunningServices;
  const conn = () => loadKubeConfig(kubeconfigPath);
  const api = () => createCaller({ ...running.services, user: LOCAL_ADMIN }).resources;
  const objects = () => conn().kc.makeApiClient(CustomObjectsApi);
  const writeStatus = (name: string, status: Record<string, unknown>) =>
    objects().patchNamespacedCustomObjectStatus({ ...ref, name, body: { status } }, mergePatch);
  const gets = () => apiserverRequests(conn().kc, { group, resource: 'widgets', verb: 'GET' });

  before(async () => {
    await installWidgets(conn().kc, group, ns);
    running = await startServices(conn(), migratedTempDb(), {
      lease: { namespace: ns, name: 'opstudio-ot' },
      watchLingerMs: 300,
    });
  });

  after(async () => {
    await running?.stop();
    await removeWidgets(conn().kc, group, ns);
  });

  test('the object on subscribe, after each of 20 status writes, and null once deleted; no GET of it meanwhile', async () => {
    const created = await api().create({ ...ref, body: { metadata: { name: 'busy' }, spec: { size: 3 } } });
    const topic = objectTopic({ ...ref, name: 'busy' });
    const live = await listen(running.services, [topic]);
    const shown = () =>
      live.events.map((e) => e.event).filter((e): e is ObjectEvent => e.topic === topic && e.type === 'snapshot');
    try {
      const first = await eventually('the snapshot', 10_000, () => shown()[0]);
      assert.equal(first.object?.metadata.uid, created.metadata.uid);
      assert.deepEqual(first.object?.spec, { size: 3 });
      assert.equal(
        (first.object?.metadata as unknown as Record<string, unknown> | undefined)?.managedFields,
        undefined,
        'sent without managedFields, as resources.get answers',
      );
      const before = await gets();
      for (let n = 1; n <= 20; n++) await writeStatus('busy', { observed: n });
      await eventually('the 20th status write', 10_000, () =>
        shown().some((e) => (e.object?.status as { observed?: number } | undefined)?.observed === 20)
          ? true
          : undefined,
      );
      const seen = shown()
        .slice(1)
        .map((e) => (e.object?.status as { observed?: number } | undefined)?.observed);
      assert.deepEqual(
        seen,
        Array.from({ length: 20 }, (_, i) => i + 1),
        'one event per status write, in order',
      );
      // resources.get reads the same cache: the API server sees no GET of the object
      const got = await api().get({ ...ref, name: 'busy' });
      assert.equal((got.status as { observed?: number }).observed, 20);
      assert.equal(got.metadata.resourceVersion, shown().at(-1)?.object?.metadata.resourceVersion);
      assert.equal(await gets(), before, 'no GET reached the API server');

      await api().delete({ ...ref, name: 'busy' });
      await eventually('null once deleted', 10_000, () => (shown().at(-1)?.object === null ? true : undefined));
    } finally {
      await live.close();
    }
  });

  test('resources.get after a write of the studio waits for the cache to have it; a missing object is NOT_FOUND as before', async () => {
    await api().create({ ...ref, body: { metadata: { name: 'fresh' }, spec: { size: 1 } } });
    const patched = await api().patch({ ...ref, name: 'fresh', strategy: 'merge', patch: { spec: { size: 2 } } });
    const got = await api().get({ ...ref, name: 'fresh' });
    assert.equal(got.metadata.resourceVersion, patched.metadata.resourceVersion, 'reads its own write');
    await assert.rejects(
      api().get({ ...ref, name: 'nothing-here' }),
      (err: TRPCError) => err.code === 'NOT_FOUND' && /not found/.test(err.message),
    );
  });

  test('a merge patch with its base is moved over status-only writes by the server; a spec change meanwhile is still CONFLICT', async () => {
    const created = await api().create({ ...ref, body: { metadata: { name: 'raced' }, spec: { size: 3 } } });
    const base = editableOf(created);
    const stale = created.metadata.resourceVersion;
    const patch = { metadata: { resourceVersion: stale }, spec: { size: 4 } };
    await writeStatus('raced', { observed: 1 });
    await writeStatus('raced', { observed: 2 });
    // without its base: the 409 the browser used to answer with a GET and a second PATCH
    await assert.rejects(
      api().patch({ ...ref, name: 'raced', strategy: 'merge', patch, dryRun: true }),
      (err: TRPCError) => err.code === 'CONFLICT',
    );
    const dry = await api().patch({ ...ref, name: 'raced', strategy: 'merge', patch, dryRun: true, base });
    assert.deepEqual(dry.spec, { size: 4 });
    assert.deepEqual((dry.status as { observed: number }).observed, 2, 'on top of the live status');
    const applied = await api().patch({ ...ref, name: 'raced', strategy: 'merge', patch, base });
    assert.deepEqual(applied.spec, { size: 4 });

    // someone else changes the spec: the same kind of patch from the old base is refused, nothing changes
    await objects().patchNamespacedCustomObject({ ...ref, name: 'raced', body: { spec: { size: 2 } } }, mergePatch);
    await assert.rejects(
      api().patch({
        ...ref,
        name: 'raced',
        strategy: 'merge',
        patch: { metadata: { resourceVersion: applied.metadata.resourceVersion }, spec: { size: 5 } },
        base: editableOf(applied),
      }),
      (err: TRPCError) => err.code === 'CONFLICT',
    );
    const live = (await objects().getNamespacedCustomObject({ ...ref, name: 'raced' })) as { spec: unknown };
    assert.deepEqual(live.spec, { size: 2 }, "the other writer's value stays");
  });
});
