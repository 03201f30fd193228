import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditObjectOf, inputSummary } from './middleware';

test('the object comes from the input coordinates; bodies and YAML never reach the summary', () => {
  const input = { group: 'cache.example.com', version: 'v1alpha1', kind: 'Memcached', namespace: 'team-a', name: 'one', strategy: 'merge', patch: { spec: { size: 5 } }, body: { huge: true } };
  assert.deepEqual(auditObjectOf(input), { group: 'cache.example.com', version: 'v1alpha1', kind: 'Memcached', namespace: 'team-a', name: 'one' });
  assert.deepEqual(inputSummary(input), { strategy: 'merge', patch: { spec: { size: 5 } } });
  assert.deepEqual(auditObjectOf({ id: 'd1', name: 'memcached', yaml: 'kind: X' }), { designId: 'd1', name: 'memcached' });
  assert.equal(inputSummary({ id: 'd1', yaml: '…' }), undefined);
  assert.deepEqual(auditObjectOf(undefined), {});
});
