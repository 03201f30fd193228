// Issue 30, point 1: the sandbox's storage (packages/sandbox/src/storage.ts). The replicated
// store, a StatefulSet with a volume claim template, reaches Ready with no manual step: its claims
// get volumes from the default StorageClass and its pods run. Deleting the CR keeps the claims
// (the StatefulSet's retention policy, as on any cluster); deleting those releases the volumes,
// which the reclaim policy Delete removes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, skipWithoutCluster } from '../../testing';
import { DesignFixture, exampleDesign } from '../../testing/design-fixture';
import { cond, type Obj } from '../../testing/graph-sides';

interface Claim {
  metadata: { name: string };
  spec?: { storageClassName?: string; volumeName?: string };
  status?: { phase?: string };
}

test(
  'replicated store: claims bound by the default StorageClass, Ready, volumes released with the claims',
  { skip: skipWithoutCluster, timeout: 300_000 },
  async (t) => {
    const f = await DesignFixture.open('storage-it', t);
    const store = await f.install(exampleDesign('replicated-store.design.yaml', f.suffix));
    f.startManager('storage-it-lease');
    const name = 'kv';
    await f.create(store, name, { replicas: 3, storage: '1Gi' });
    const claimsPath = `/api/v1/namespaces/${f.ns}/persistentvolumeclaims`;
    const claims = async () => (await f.kube.request<{ items: Claim[] }>({ method: 'GET', path: claimsPath })).items;

    const ready = await eventually('the store Ready', 120_000, async () => {
      const o = await f.get<Obj>(store, name);
      return cond(o, 'Ready')?.status === 'True' ? o : undefined;
    });
    assert.equal(cond(ready, 'Available')?.status, 'True');
    const bound = await claims();
    assert.deepEqual(
      bound.map((c) => c.metadata.name).sort(),
      [0, 1, 2].map((i) => `data-${name}-${i}`),
    );
    for (const c of bound) {
      assert.equal(c.status?.phase, 'Bound', `${c.metadata.name} is ${c.status?.phase}`);
      assert.equal(c.spec?.storageClassName, 'standard');
    }
    const volumes = bound.map((c) => c.spec!.volumeName!);

    await f.kube.request({ method: 'DELETE', path: f.crPath(store, name) });
    await eventually('the store gone', 60_000, async () =>
      (await f.get(store, name)) === undefined ? true : undefined,
    );
    assert.equal((await claims()).length, 3, 'the StatefulSet keeps its claims when it goes');
    await f.kube.request({ method: 'DELETE', path: claimsPath });
    await eventually('the volumes released and deleted', 60_000, async () => {
      const left = await Promise.all(
        volumes.map((v) =>
          f.kube.request({ method: 'GET', path: `/api/v1/persistentvolumes/${v}` }).then(
            () => v,
            () => undefined,
          ),
        ),
      );
      return left.every((v) => v === undefined) ? true : undefined;
    });
  },
);
