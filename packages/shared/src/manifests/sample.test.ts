/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../testing/corpus';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { generateSample, sampleResource } from './sample';

function example(name: string): Design {
  const r = parseDesign(readFileSync(`${REPO_ROOT}/examples/${name}`, 'utf8'));
  assert.ok(r.ok);
  return r.design;
}

test('the Memcached sample has the default size and the operand port', () => {
  assert.equal(
    generateSample(example('memcached.design.yaml')),
    `apiVersion: cache.example.com/v1alpha1
kind: Memcached
metadata:
  labels:
    app.kubernetes.io/name: memcached-operator
    app.kubernetes.io/managed-by: kustomize
  name: memcached-sample
spec:
  size: 1
  containerPort: 8080
`,
  );
});

test('the kitchen-sink sample fills required fields within their constraints', () => {
  const spec = sampleResource(example('kitchen-sink.design.yaml')).spec as Record<string, unknown>;
  assert.equal(spec.replicas, 1);
  assert.equal(spec.ratio, 0.5);
  assert.equal(spec.mode, 'Fast');
  assert.equal(spec.enabled, true);
  assert.equal(spec.containerPort, 8080);
  assert.ok(!('tags' in spec), 'optional fields without default or example stay out');
});

test('a required quantity without default or example samples as people write one (issue 30, point 6)', () => {
  const design = example('replicated-store.design.yaml');
  const version = design.crd.versions[0]!;
  const spec = version.schema!.fields!.find((f) => f.name === 'spec')!;
  const storage = spec.fields!.find((f) => f.name === 'storage')!;
  const bare = { ...storage, default: undefined, required: true };
  const cpu = { ...bare, name: 'cpuLimit' };
  const newSpec = { ...spec, fields: [...spec.fields!.map((f) => (f === storage ? bare : f)), cpu] };
  const schema = { ...version.schema!, fields: version.schema!.fields!.map((f) => (f === spec ? newSpec : f)) };
  const edited: Design = { ...design, crd: { ...design.crd, versions: [{ ...version, schema }] } };
  const sample = sampleResource(edited).spec as Record<string, unknown>;
  assert.equal(sample.storage, '1Gi', 'not 1 (one byte)');
  assert.equal(sample.cpuLimit, '500m');
});
