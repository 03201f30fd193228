import { test } from 'node:test';
import assert from 'node:assert/strict';
import { objectKey, splitKey, watchTrigger } from './triggers';

test('keys are namespace/name, or name alone when cluster-scoped, and split back', () => {
  assert.equal(objectKey({ namespace: 'default', name: 'a' }), 'default/a');
  assert.equal(objectKey({ name: 'node-1' }), 'node-1');
  assert.equal(objectKey({ namespace: '', name: 'node-1' }), 'node-1');
  assert.deepEqual(splitKey('default/a'), { namespace: 'default', name: 'a' });
  assert.deepEqual(splitKey('node-1'), { name: 'node-1' });
});

test('a watch trigger records the event type, resourceVersion and object', () => {
  const t = watchTrigger('owned', 'MODIFIED', {
    kind: 'Deployment',
    metadata: { name: 'a', namespace: 'default', resourceVersion: '42' },
  });
  assert.deepEqual(t, {
    kind: 'owned',
    eventType: 'MODIFIED',
    resourceVersion: '42',
    object: { kind: 'Deployment', name: 'a', namespace: 'default' },
  });
  // Informer caches often drop kind: the caller names it.
  const u = watchTrigger('watch', 'ADDED', { metadata: { name: 'm' } }, 'Memcached');
  assert.deepEqual(u, {
    kind: 'watch',
    eventType: 'ADDED',
    resourceVersion: '',
    object: { kind: 'Memcached', name: 'm' },
  });
});
