import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leaseNamespace } from './lease-access';

test('the Lease namespace: the setting, else the pod namespace, else default', () => {
  assert.equal(leaseNamespace('studio', { namespace: 'pod-ns' }), 'studio');
  assert.equal(leaseNamespace(undefined, { namespace: 'pod-ns' }), 'pod-ns');
  assert.equal(leaseNamespace(undefined, {}), 'default');
});
