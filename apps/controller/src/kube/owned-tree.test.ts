import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesObject } from '@kubernetes/client-node';
import { ObjectIndex } from './object-index';
import { ownedTree } from './owned-tree';
import { collectionPath, DEPLOYMENTS, matchesLabels, PODS, REPLICASETS, specKey, type KindSpec } from './resource-spec';

const SERVICES: KindSpec = { group: '', version: 'v1', resource: 'services', kind: 'Service' };

function obj(uid: string, name: string, controller?: string, labels?: Record<string, string>): KubernetesObject {
  return {
    metadata: {
      uid,
      name,
      namespace: 'ns',
      ...(labels !== undefined ? { labels } : {}),
      ...(controller !== undefined
        ? { ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: controller, uid: controller, controller: true }] }
        : {}),
    },
  };
}

function source(kind: KindSpec, objects: KubernetesObject[]) {
  const index = new ObjectIndex();
  for (const o of objects) index.upsert(o);
  return { kind, byController: (uid: string) => index.byController(uid) };
}

test('ownedTree: children of any kind, level by level, each under its controller', () => {
  const sources = [
    source(DEPLOYMENTS, [obj('dep', 'web', 'cr'), obj('other-dep', 'x', 'other-cr')]),
    source(REPLICASETS, [obj('rs', 'web-1', 'dep')]),
    source(PODS, [obj('p2', 'web-1-b', 'rs'), obj('p1', 'web-1-a', 'rs')]),
    source(SERVICES, [obj('svc', 'web', 'cr')]),
  ];
  const tree = ownedTree('cr', sources);
  assert.deepEqual(
    tree.map((n) => `${n.depth} ${n.kind.kind} ${n.object.metadata?.name} ← ${n.parent}`),
    [
      '1 Deployment web ← cr',
      '1 Service web ← cr',
      '2 ReplicaSet web-1 ← dep',
      '3 Pod web-1-a ← rs',
      '3 Pod web-1-b ← rs',
    ],
  );
  assert.equal(ownedTree('cr', sources, 1).length, 2, 'maxDepth bounds the levels');
  assert.deepEqual(ownedTree('nobody', sources), []);
});

test('ownedTree lists an object once, even in a cycle', () => {
  const sources = [source(DEPLOYMENTS, [obj('a', 'a', 'b'), obj('b', 'b', 'a')])];
  assert.deepEqual(
    ownedTree('a', sources).map((n) => n.object.metadata?.uid),
    ['b'],
  );
});

test('resource specs: paths, keys, names checked before they reach a URL, label matching', () => {
  assert.equal(collectionPath(PODS), '/api/v1/pods');
  assert.equal(collectionPath(DEPLOYMENTS), '/apis/apps/v1/deployments');
  assert.equal(specKey(PODS), '/api/v1/pods');
  assert.equal(
    specKey({ ...PODS, labelSelector: 'app.kubernetes.io/managed-by' }),
    '/api/v1/pods?labelSelector=app.kubernetes.io/managed-by',
  );
  assert.equal(specKey({ ...DEPLOYMENTS, labelSelector: '' }), specKey(DEPLOYMENTS), 'an empty selector is none');
  for (const bad of [
    { group: 'apps/../x', version: 'v1', resource: 'pods' },
    { group: 'Apps', version: 'v1', resource: 'pods' },
    { group: '', version: 'v1/..', resource: 'pods' },
    { group: '', version: 'v1', resource: 'pods?watch=1' },
    { group: '', version: 'v1', resource: '' },
  ])
    assert.throws(() => collectionPath(bad), /not a resource/, JSON.stringify(bad));
  const pod = obj('p', 'p', undefined, { app: 'web', 'app.kubernetes.io/managed-by': 'MemcachedController' });
  assert.equal(matchesLabels(pod, { app: 'web' }), true);
  assert.equal(matchesLabels(pod, { app: 'web', tier: 'x' }), false);
  assert.equal(matchesLabels(obj('q', 'q'), {}), true);
});
