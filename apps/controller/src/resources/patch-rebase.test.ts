import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editableOf } from '@opstudio/shared/resources/editable';
import { KubeApiError } from '../kube/errors';
import { preconditionOf, quietRebase, withPrecondition } from './patch-rebase';
import type { CustomObject } from './types';

const obj = (rv: string, spec: Record<string, number>, status: Record<string, number> = {}): CustomObject => ({
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: { name: 'm', namespace: 'ns', uid: 'u', resourceVersion: rv, labels: { a: 'b' } },
  spec,
  status,
});
const conflict = new KubeApiError({ code: 409 });

test('a 409 whose live object kept the base (status moved) is retried at the live resourceVersion', async () => {
  const base = editableOf(obj('10', { size: 3 }));
  assert.equal(await quietRebase(conflict, base, () => Promise.resolve(obj('12', { size: 3 }, { ready: 2 }))), '12');
});

test('a change to spec, labels or annotations meanwhile, another error, or a failed read gives up', async () => {
  const base = editableOf(obj('10', { size: 3 }));
  assert.equal(await quietRebase(conflict, base, () => Promise.resolve(obj('12', { size: 2 }))), undefined);
  const relabelled = { ...obj('12', { size: 3 }), metadata: { ...obj('12', { size: 3 }).metadata, labels: {} } };
  assert.equal(await quietRebase(conflict, base, () => Promise.resolve(relabelled)), undefined);
  assert.equal(
    await quietRebase(new KubeApiError({ code: 422 }), base, () => Promise.resolve(obj('12', { size: 3 }))),
    undefined,
  );
  assert.equal(await quietRebase(conflict, base, () => Promise.reject(new KubeApiError({ code: 403 }))), undefined);
});

test('the precondition is read from and written into the patch, the rest left alone', () => {
  const patch = { metadata: { resourceVersion: '10', labels: { x: 'y' } }, spec: { size: 4 } };
  assert.equal(preconditionOf(patch), '10');
  assert.equal(preconditionOf({ spec: { size: 4 } }), undefined);
  assert.deepEqual(withPrecondition(patch, '12'), {
    metadata: { resourceVersion: '12', labels: { x: 'y' } },
    spec: { size: 4 },
  });
});
