import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { desiredDeployment } from './desired';
import { finalizerName, operandInputFromDesign, resourceCoordinates, statusExtras } from './from-design';

const parsed = parseDesign(
  readFileSync(new URL('../../../../examples/memcached.design.yaml', import.meta.url), 'utf8'),
);
if (!parsed.ok) throw new Error('examples/memcached.design.yaml does not parse');
const memcached = parsed.design;
const cr = {
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: { name: 'sample', namespace: 'ns', uid: 'u-1' },
  spec: { size: 3, containerPort: 11211 },
};

test('the Memcached design maps onto the deploy-image input', () => {
  const input = operandInputFromDesign(memcached, cr);
  assert.ok(input);
  assert.equal(input.projectName, 'memcached-operator');
  const dep = desiredDeployment(input);
  assert.equal(dep.spec.replicas, 3);
  assert.deepEqual(dep.spec.template.spec.containers[0]?.command, [
    'memcached',
    '--memory-limit=64',
    '-o',
    'modern',
    '-v',
  ]);
  assert.equal(dep.spec.template.spec.containers[0]?.securityContext.runAsUser, 1001);
});

test('coordinates and finalizer follow the design', () => {
  assert.deepEqual(resourceCoordinates(memcached), {
    group: 'cache.example.com',
    version: 'v1alpha1',
    plural: 'memcacheds',
    kind: 'Memcached',
    namespaced: true,
  });
  assert.equal(finalizerName(memcached), 'cache.example.com/finalizer');
});

test('status extras: pod names at the design path; observedGeneration only when the schema has it', () => {
  assert.deepEqual(statusExtras(memcached, ['a', 'b'], 4), { nodes: ['a', 'b'] });
  const withGen: Design = structuredClone(memcached);
  withGen.crd.versions[0]?.schema?.fields
    ?.find((f) => f.name === 'status')
    ?.fields?.push({ name: 'observedGeneration', type: 'integer' });
  withGen.operand = { image: 'x', podNamesStatusField: 'status.pods.names' };
  assert.deepEqual(statusExtras(withGen, ['a'], 4), { observedGeneration: 4, pods: { names: ['a'] } });
});

test('a design without an operand has no desired Deployment', () => {
  const { operand: _ignored, ...statusOnly } = memcached;
  assert.equal(operandInputFromDesign(statusOnly, cr), undefined);
});
