import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubeRequest } from './json-client';
import { ObjectPaths } from './object-paths';

const discovery: Record<string, { name: string; kind: string; namespaced: boolean }[]> = {
  '/apis/apps/v1': [
    { name: 'deployments', kind: 'Deployment', namespaced: true },
    { name: 'deployments/scale', kind: 'Scale', namespaced: true },
  ],
  '/api/v1': [
    { name: 'namespaces', kind: 'Namespace', namespaced: false },
    { name: 'configmaps', kind: 'ConfigMap', namespaced: true },
  ],
};

function fakeKube() {
  const asked: string[] = [];
  const kube = {
    request<T>(req: KubeRequest): Promise<T> {
      asked.push(req.path);
      const resources = discovery[req.path];
      return resources === undefined
        ? Promise.reject(new Error(`404 ${req.path}`))
        : Promise.resolve({ resources } as T);
    },
  };
  return { kube, asked };
}

test("an object's path comes from discovery: plural, namespace or not, the core group under /api", async () => {
  const { kube, asked } = fakeKube();
  const paths = new ObjectPaths(kube);
  assert.equal(
    await paths.of({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'm', namespace: 'a' } }),
    '/apis/apps/v1/namespaces/a/deployments/m',
  );
  assert.equal(
    await paths.of({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'n' } }),
    '/apis/apps/v1/namespaces/default/deployments/n',
  );
  assert.equal(
    await paths.of({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a b' } }),
    '/api/v1/namespaces/a%20b',
  );
  assert.deepEqual(asked, ['/apis/apps/v1', '/api/v1'], 'one discovery request per group version');
});

test('an unknown kind or group version is an error, and the next call asks again', async () => {
  const { kube, asked } = fakeKube();
  const paths = new ObjectPaths(kube);
  await assert.rejects(
    paths.of({ apiVersion: 'apps/v1', kind: 'Widget', metadata: { name: 'w' } }),
    /serves no kind Widget in apps\/v1/,
  );
  await assert.rejects(paths.of({ apiVersion: 'x.io/v1', kind: 'Widget', metadata: { name: 'w' } }), /404/);
  await assert.rejects(paths.of({ apiVersion: 'x.io/v1', kind: 'Widget', metadata: { name: 'w' } }), /404/);
  assert.deepEqual(asked, ['/apis/apps/v1', '/apis/x.io/v1', '/apis/x.io/v1']);
  await assert.rejects(
    paths.of({ kind: 'Deployment', metadata: { name: 'd' } }),
    /needs apiVersion, kind and metadata.name/,
  );
});
