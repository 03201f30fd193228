import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OWNED_KINDS, topicReads } from './topic-reads';

test("a resources topic starts its kind's informer, namespaced or not", () => {
  assert.deepEqual(topicReads('resources:cache.example.com/v1alpha1/memcacheds'), {
    kind: { group: 'cache.example.com', version: 'v1alpha1', plural: 'memcacheds', namespace: undefined },
  });
  assert.deepEqual(topicReads('resources:apps/v1/deployments/a'), {
    kind: { group: 'apps', version: 'v1', plural: 'deployments', namespace: 'a' },
  });
});

test('an owned topic starts the operand informers: the Deployments and Pods a CR page shows', () => {
  assert.deepEqual(topicReads('owned:3f2a-11'), { builtIn: OWNED_KINDS });
  assert.deepEqual(
    OWNED_KINDS.map((k) => `${k.resource}.${k.group}`),
    ['deployments.apps', 'pods.'],
  );
});

test('the other topics start nothing on demand', () => {
  for (const t of [
    'cluster',
    'namespaces',
    'nodes',
    'kinds',
    'events:uid-1',
    'timeline:uid-1',
    'install:op-1',
  ] as const)
    assert.equal(topicReads(t), undefined, t);
});
