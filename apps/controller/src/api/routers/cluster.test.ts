import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusterInput } from './cluster';

test('kindSchema takes v1 or <group>/<version> and a kind; nothing else reaches the OpenAPI path', () => {
  const ok = (apiVersion: string, kind = 'Deployment') =>
    clusterInput.kindSchema.safeParse({ apiVersion, kind }).success;
  for (const good of ['v1', 'apps/v1', 'cache.example.com/v1alpha1', 'networking.k8s.io/v1']) assert.ok(ok(good), good);
  for (const bad of [
    '',
    'apps/',
    '/v1',
    'Apps/v1',
    'apps/v1/x',
    '../v1',
    'apps/../../api',
    'apps/v1?x=1',
    'a b/v1',

    'apps/1',
  ])
    assert.ok(!ok(bad), bad);
  assert.ok(ok('v1', 'ConfigMap'));
  for (const bad of ['', 'Deploy ment', 'a/b', '${x}', '-A', 'A'.repeat(64)]) assert.ok(!ok('v1', bad), bad);
});
