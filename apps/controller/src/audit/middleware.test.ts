import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditObjectOf, answerObjectOf, inputSummary } from './middleware';

test('the object comes from the input coordinates; a patch is summarised by its paths, bodies and YAML never', () => {
  const input = {
    group: 'cache.example.com',
    version: 'v1alpha1',
    kind: 'Memcached',
    namespace: 'team-a',
    name: 'one',
    strategy: 'merge',
    patch: { spec: { size: 5, secretRef: 'hunter2-value' } },
  };
  assert.deepEqual(auditObjectOf(input), {
    group: 'cache.example.com',
    version: 'v1alpha1',
    kind: 'Memcached',
    namespace: 'team-a',
    name: 'one',
  });
  const summary = inputSummary(input);
  assert.deepEqual(summary, { strategy: 'merge', patch: { paths: ['spec.size', 'spec.secretRef'] } });
  assert.ok(!JSON.stringify(summary).includes('hunter2-value'));
  assert.deepEqual(auditObjectOf({ id: 'd1', name: 'memcached', yaml: 'kind: X' }), {
    designId: 'd1',
    name: 'memcached',
  });
  assert.equal(
    inputSummary({ id: 'd1', name: 'memcached', yaml: 'kind: X\nspec: {group: secret.example.com}' }),
    undefined,
    'a design save keeps nothing of the document',
  );
  assert.deepEqual(auditObjectOf(undefined), {});
});

test('the answer names what the input could not: the CRD an install wrote, the object a create made', () => {
  const crd = { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' };
  assert.deepEqual(answerObjectOf({ crdName: 'memcacheds.cache.example.com', designVersion: 2 }), {
    ...crd,
    name: 'memcacheds.cache.example.com',
  });
  assert.deepEqual(answerObjectOf({ crdNames: ['a.x.io', 'b.x.io'], deletedResources: 0 }), {
    ...crd,
    name: 'a.x.io, b.x.io',
  });
  assert.deepEqual(answerObjectOf({ crdNames: [] }), {});
  assert.deepEqual(answerObjectOf({ name: 'one' }), {});
  assert.deepEqual(
    answerObjectOf({ apiVersion: 'x.io/v1', kind: 'Memcached', metadata: { name: 'm-7x2k', namespace: 'a' } }),
    { name: 'm-7x2k' },
  );
  assert.deepEqual(answerObjectOf(undefined), {});
});
