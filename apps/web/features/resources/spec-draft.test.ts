import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FetchedObject } from './api-types';
import { editableOf, planPatch } from './spec-draft';
import { setAt } from './schema-form/schema-fields';

const cr: FetchedObject = {
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: {
    name: 'm',
    namespace: 'demo',
    uid: 'u1',
    resourceVersion: '9',
    labels: { app: 'm' },
    finalizers: ['cache.example.com/finalizer'],
  },
  spec: { size: 1, containerPort: 11211 },
  status: { conditions: [] },
};

test('the editable part leaves out status, uid, resourceVersion and finalizers', () => {
  assert.deepEqual(editableOf(cr), {
    apiVersion: 'cache.example.com/v1alpha1',
    kind: 'Memcached',
    metadata: { name: 'm', namespace: 'demo', labels: { app: 'm' } },
    spec: { size: 1, containerPort: 11211 },
  });
});

test('a form edit becomes a merge patch of just that field', () => {
  const base = editableOf(cr);
  assert.deepEqual(planPatch(base, setAt(base, ['spec', 'size'], 3)), { kind: 'patch', patch: { spec: { size: 3 } } });
  assert.deepEqual(planPatch(base, setAt(base, ['metadata', 'labels', 'app'], undefined)), {
    kind: 'patch',
    patch: { metadata: { labels: null } },
  });
  assert.deepEqual(planPatch(base, base), { kind: 'none' });
});

test('identity and status edits are refused with what to do instead', () => {
  const base = editableOf(cr);
  const renamed = planPatch(base, setAt(base, ['metadata', 'name'], 'other'));
  assert.equal(renamed.kind, 'invalid');
  assert.match(renamed.kind === 'invalid' ? renamed.message : '', /metadata\.name cannot change .*create a new object/);
  const status = planPatch(base, { ...base, status: { x: 1 } });
  assert.match(status.kind === 'invalid' ? status.message : '', /status is not edited here/);
});
