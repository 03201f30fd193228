import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeText, objectChanges } from './object-changes';
import { reviewObject } from './review-object';

test('a changed size reads as spec.size: 3 → 5, and nothing else is listed', () => {
  const before = { spec: { size: 3, containerPort: 11211 } };
  const after = { spec: { containerPort: 11211, size: 5 } };
  assert.deepEqual(objectChanges(before, after).map(changeText), ['spec.size: 3 → 5']);
});

test('added and removed fields, odd keys and array items are named where they are', () => {
  const before = {
    metadata: { labels: { team: 'cache', 'app.kubernetes.io/name': 'm' } },
    spec: { ports: [{ name: 'http', port: 80 }] },
  };
  const after = {
    metadata: { labels: { 'app.kubernetes.io/name': 'n' } },
    spec: { ports: [{ name: 'http', port: 8080 }, { name: 'metrics' }], tier: 'gold' },
  };
  assert.deepEqual(objectChanges(before, after).map(changeText), [
    'metadata.labels.team: removed (was cache)',
    'metadata.labels["app.kubernetes.io/name"]: m → n',
    'spec.ports[0].port: 80 → 8080',
    'spec.ports[1]: added {"name":"metrics"}',
    'spec.tier: added gold',
  ]);
});

test('strings that would read as numbers or booleans are quoted; long values are cut', () => {
  assert.deepEqual(objectChanges({ a: '1' }, { a: 'true' }).map(changeText), ['a: "1" → "true"']);
  const [long] = objectChanges({}, { a: 'x'.repeat(100) }).map(changeText);
  assert.ok(long !== undefined && long.length < 80 && long.endsWith('…'), long);
});

test('equal objects have no changes, whatever their key order', () => {
  assert.deepEqual(objectChanges({ spec: { a: 1, b: [1, 2] } }, { spec: { b: [1, 2], a: 1 } }), []);
});

test('the review drops bookkeeping and status, so a dry run of a size change differs in spec.size only', () => {
  const live = {
    apiVersion: 'cache.example.com/v1alpha1',
    kind: 'Memcached',
    metadata: {
      name: 'm',
      namespace: 'demo',
      uid: 'u1',
      resourceVersion: '10',
      generation: 1,
      creationTimestamp: '2026-11-25T07:00:00Z',
      managedFields: [{ manager: 'kubectl' }],
      finalizers: ['cache.example.com/finalizer'],
    },
    spec: { size: 3 },
    status: { nodes: ['a', 'b', 'c'] },
  };
  const dryRun = {
    ...live,
    metadata: { ...live.metadata, resourceVersion: '11', generation: 2 },
    spec: { size: 5 },
  };
  assert.deepEqual(objectChanges(reviewObject(live), reviewObject(dryRun)).map(changeText), ['spec.size: 3 → 5']);
  assert.deepEqual(reviewObject(live).metadata, {
    name: 'm',
    namespace: 'demo',
    finalizers: ['cache.example.com/finalizer'],
  });
  assert.equal('status' in reviewObject(live), false);
});

test('a create is reviewed against nothing: every field of the new object is added', () => {
  const created = reviewObject({
    apiVersion: 'v1',
    kind: 'X',
    metadata: { name: 'n', uid: 'dry', creationTimestamp: 'now' },
    spec: { size: 1 },
  });
  assert.deepEqual(
    objectChanges({}, created).map((c) => c.path),
    ['apiVersion', 'kind', 'metadata', 'spec'],
  );
});
