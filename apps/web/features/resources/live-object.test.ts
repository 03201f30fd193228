import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FetchedObject } from './api-types';
import { newestObject } from './live-object';

const obj = (uid: string, rv: string, size: number) =>
  ({
    apiVersion: 'cache.example.com/v1alpha1',
    kind: 'Memcached',
    metadata: { name: 'a', namespace: 'ns', uid, resourceVersion: rv },
    spec: { size },
  }) as FetchedObject;

test('the streamed version replaces the shown one unless the shown one is newer (the answer to an apply)', () => {
  const applied = obj('u1', '12', 5);
  assert.equal(newestObject(null, obj('u1', '10', 3))?.metadata.resourceVersion, '10');
  assert.equal(newestObject(obj('u1', '10', 3), obj('u1', '11', 3))?.metadata.resourceVersion, '11');
  assert.equal(newestObject(applied, obj('u1', '11', 3)), applied, 'the stream has not brought the apply yet');
  const streamed = obj('u1', '12', 5);
  assert.equal(newestObject(applied, streamed), streamed, 'the same version: the stream’s');
  assert.equal(newestObject(applied, null), applied, 'gone: the last version stays shown');
  const recreated = obj('u2', '3', 1);
  assert.equal(newestObject(applied, recreated), recreated, 'another object by the same name');
});
