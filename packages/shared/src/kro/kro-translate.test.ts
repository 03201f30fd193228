/// <reference types="node" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renameIdentifiers, renameInString } from './cel-names';
import { rgdToDesign } from './from-rgd';
import { formatMarker, parseField } from './markers';

test('renaming self to schema leaves fields named self, string literals and other names alone', () => {
  const names = { self: 'schema' };
  assert.equal(
    renameIdentifiers(`self.spec.self + 'self' + "self" + r'self' + myself + has(self.x) ? 1.5 : self`, names),
    `schema.spec.self + 'self' + "self" + r'self' + myself + has(schema.x) ? 1.5 : schema`,
  );
  assert.equal(
    renameInString("http://${self.metadata.name}:${'}' + self.x}", names),
    "http://${schema.metadata.name}:${'}' + schema.x}",
  );
});

test('a marker value with quotes, backslashes and spaces reads back as written', () => {
  const value = 'say "hi" \\d+ and \\. here';
  const parsed = parseField(`string | ${formatMarker('description', value)} default=3 pattern="^a b$"`);
  assert.deepEqual(parsed, {
    ok: true,
    type: 'string',
    markers: [
      { key: 'description', value },
      { key: 'default', value: '3' },
      { key: 'pattern', value: '^a b$' },
    ],
  });
  assert.match((parseField('string | bogus=1') as { message: string }).message, /unknown marker bogus/);
});

const rgd = (resources: string, spec = 'replicas: integer | default=1'): string => `apiVersion: kro.run/v1alpha1
kind: ResourceGraphDefinition
metadata:
  name: demo
spec:
  schema:
    apiVersion: v1alpha1
    kind: Demo
    group: demo.example.com
    spec:
      ${spec}
  resources:
${resources}`;

const refusedOf = (text: string): string[] => {
  const r = rgdToDesign(text);
  assert.ok(!r.ok, 'refused');
  return [...r.refused.map((p) => `${p.path}: ${p.construct}`), ...r.errors.map((e) => `${e.path}: ${e.message}`)];
};

test('an RGD imports: schema for self, the default name dropped, includeWhen entries joined', () => {
  const r = rgdToDesign(
    rgd(`  - id: config
    includeWhen:
    - \${schema.spec.replicas > 0}
    - \${schema.spec.replicas < 9}
    template:
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: \${schema.metadata.name + '-config'}
      data:
        replicas: \${string(schema.spec.replicas)}`),
  );
  assert.ok(r.ok, JSON.stringify(r));
  const [config] = r.design.operand!.resources!;
  assert.deepEqual(config, {
    id: 'config',
    includeWhen: '(self.spec.replicas > 0) && (self.spec.replicas < 9)',
    template: { apiVersion: 'v1', kind: 'ConfigMap', data: { replicas: '${string(self.spec.replicas)}' } },
  });
  assert.equal(r.design.crd.group, 'demo');
  assert.equal(r.design.project.domain, 'example.com');
});

test('what the studio lacks is refused at its RGD path, the construct named', () => {
  const child = `  - id: config
    template:
      apiVersion: v1
      kind: ConfigMap`;
  assert.deepEqual(refusedOf(rgd(`${child}\n    weight: 3`)), ['spec.resources[0].weight: weight']);
  assert.deepEqual(refusedOf(rgd(child, 'size: integer | default=1 frobnicate=true')), [
    'spec.schema.spec.size: field',
  ]);
  assert.deepEqual(refusedOf(rgd(child, 'size: Unknown')), ['spec.schema.spec.size: type']);
  assert.deepEqual(refusedOf(rgd(`${child}\n    includeWhen:\n    - size > 1`)), [
    'spec.resources[0].includeWhen[0]: condition',
  ]);
});
