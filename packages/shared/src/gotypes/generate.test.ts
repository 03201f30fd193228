/// <reference types="node" />
// Golden and table tests for the Go types generator. The golden files are
// testdata/memcached/<file>.go; after an intended change, rewrite them with
//   UPDATE_GOLDEN=1 node --import tsx --test packages/shared/src/gotypes/generate.test.ts
// and review the diff. That controller-gen turns these types into our CRD is checked by
// apps/controller/src/oracle/controller-gen.int.test.ts (it runs the real binary).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDesign } from '../design/io';
import { FIELD_KINDS, kindKeywords } from '../design/kinds';
import type { Design } from '../design/schema';
import type { NamedField } from '../design/field';
import { apacheBoilerplate } from './render';
import { generateGoTypes } from './generate';

function example(name: string): Design {
  const parsed = parseDesign(
    readFileSync(new URL(`../../../../examples/${name}.design.yaml`, import.meta.url), 'utf8'),
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.design;
}

const memcached = example('memcached');

test('memcached matches the golden Go files', () => {
  const { files } = generateGoTypes(memcached);
  assert.deepEqual([...files.keys()], ['api/v1alpha1/groupversion_info.go', 'api/v1alpha1/memcached_types.go']);
  for (const [path, text] of files) {
    const golden = new URL(`testdata/memcached/${basename(path)}`, import.meta.url);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, text);
    assert.equal(
      text,
      readFileSync(golden, 'utf8'),
      `${path} drifted from ${fileURLToPath(golden)} (UPDATE_GOLDEN=1 to accept)`,
    );
  }
});

test('memcached: everything is expressible and the expressed design is the design', () => {
  const r = generateGoTypes(memcached);
  assert.deepEqual(r.notExpressible, []);
  assert.deepEqual(r.expressed, memcached);
  assert.equal(r.allowDangerousTypes, false);
});

test('raw-schema: what Go cannot say is listed with a reason', () => {
  const r = generateGoTypes(example('raw-schema'));
  assert.deepEqual(
    r.notExpressible.map((n) => n.path),
    [
      'crd.versions[0].schema.spec.schedule.allOf',
      'crd.versions[0].schema.spec.schedule.oneOf',
      'crd.versions[0].schema.spec.schedule.not',
      'crd.versions[0].schema.spec.extra.additionalProperties',
      'crd.versions[0].schema.spec.ratio.exclusiveMaximum',
    ],
  );
  for (const n of r.notExpressible) assert.ok(n.reason.length > 10, n.path);
});

test('kitchen-sink: one package per version, everything expressible', () => {
  const r = generateGoTypes(example('kitchen-sink'));
  assert.deepEqual(
    [...r.files.keys()],
    [
      'api/v1/groupversion_info.go',
      'api/v1/widget_types.go',
      'api/v1beta1/groupversion_info.go',
      'api/v1beta1/widget_types.go',
    ],
  );
  assert.deepEqual(r.notExpressible, []);
  assert.equal(r.allowDangerousTypes, true, 'spec.ratio is a float64');
  const v1 = r.files.get('api/v1/widget_types.go') ?? '';
  assert.match(v1, /\/\/ \+kubebuilder:storageversion\n/);
  assert.match(
    v1,
    /\/\/ \+kubebuilder:subresource:scale:specpath="\.spec\.replicas",statuspath="\.status\.replicas",selectorpath="\.status\.selector"\n/,
  );
  assert.match(v1, /\tPorts \[\]WidgetPort `json:"ports,omitempty"`/);
  const beta = r.files.get('api/v1beta1/widget_types.go') ?? '';
  assert.match(
    beta,
    /\/\/ \+kubebuilder:deprecatedversion:warning="toys\.example\.com\/v1beta1 Widget is deprecated; use toys\.example\.com\/v1"\n/,
  );
  assert.doesNotMatch(beta, /storageversion/);
});

function oneField(field: NamedField): Design {
  return {
    ...memcached,
    crd: {
      ...memcached.crd,
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { type: 'object', fields: [{ name: 'spec', type: 'object', fields: [field] }] },
        },
      ],
    },
  };
}

const GO_TYPE_OF_KIND: Record<(typeof FIELD_KINDS)[number], string> = {
  string: 'string',
  int32: '*int32',
  int64: '*int64',
  number: '*float64',
  boolean: '*bool',
  object: '',
  array: '[]string',
  map: 'map[string]string',
  'int-or-string': '*intstr.IntOrString',
  quantity: '*resource.Quantity',
  'date-time': '*metav1.Time',
  duration: '*metav1.Duration',
  byte: '[]byte',
  raw: 'runtime.RawExtension',
  embedded: 'runtime.RawExtension',
  conditions: '[]metav1.Condition',
  custom: 'runtime.RawExtension',
};

for (const kind of FIELD_KINDS) {
  test(`an optional ${kind} field is a ${GO_TYPE_OF_KIND[kind] || 'struct'}`, () => {
    const r = generateGoTypes(
      oneField({
        name: 'value',
        ...kindKeywords(kind),
        ...(kind === 'object' ? { fields: [{ name: 'a', type: 'string' }] } : {}),
      }),
    );
    const src = r.files.get('api/v1/memcached_types.go') ?? '';
    const goType = GO_TYPE_OF_KIND[kind] || 'MemcachedValue';
    assert.ok(src.includes(`\tValue ${goType} \`json:"value,omit`), `${kind}:\n${src}`);
    assert.deepEqual(r.notExpressible, []);
  });
}

test('the license header is a parameter', () => {
  const r = generateGoTypes(memcached, { boilerplate: apacheBoilerplate(2031, 'The Widget Authors') });
  for (const text of r.files.values())
    assert.ok(
      text.startsWith('/*\nCopyright 2031 The Widget Authors.\n\nLicensed under the Apache License'),
      text.slice(0, 60),
    );
});

test('output is deterministic and does not touch the design', () => {
  const before = JSON.stringify(memcached);
  assert.deepEqual([...generateGoTypes(memcached).files], [...generateGoTypes(memcached).files]);
  assert.equal(JSON.stringify(memcached), before);
});

test('keywords without a marker are reported at their path and left out of `expressed`', () => {
  const r = generateGoTypes(
    oneField({
      name: 'name',
      type: 'string',
      not: { pattern: '^x' },
      uniqueItems: false,
      extraKeywords: { $ref: '#/x' },
    }),
  );
  assert.deepEqual(r.notExpressible.map((n) => n.path).sort(), [
    'crd.versions[0].schema.spec.name.extraKeywords',
    'crd.versions[0].schema.spec.name.not',
    'crd.versions[0].schema.spec.name.uniqueItems',
  ]);
  const field = r.expressed.crd.versions[0]?.schema?.fields?.[0]?.fields?.[0];
  assert.deepEqual(field, { name: 'name', type: 'string' });
});

test('required fields out of alphabetical order are reported, and `expressed` lists them sorted', () => {
  const r = generateGoTypes(
    oneField({
      name: 'inner',
      type: 'object',
      fields: [
        { name: 'b', required: true, type: 'string' },
        { name: 'x', type: 'string' },
        { name: 'a', required: true, type: 'string' },
      ],
    }),
  );
  assert.deepEqual(
    r.notExpressible.map((n) => n.path),
    ['crd.versions[0].schema.spec.inner.required'],
  );
  const inner = r.expressed.crd.versions[0]?.schema?.fields?.[0]?.fields?.[0];
  assert.deepEqual(
    inner?.fields?.map((f) => f.name),
    ['a', 'x', 'b'],
  );
  assert.match(
    r.files.get('api/v1/memcached_types.go') ?? '',
    /\tB string `json:"b"`\n\n\t\/\/ \+optional\n\tX string `json:"x,omitempty"`\n\n\t\/\/ \+required\n\tA string/,
  );
});

test('goFields tells the scaffold how Go code reaches each field', () => {
  const fields = generateGoTypes(memcached).goFields.get('v1alpha1');
  assert.deepEqual(fields?.get('spec.size'), { expr: 'Spec.Size', goType: '*int32' });
  assert.deepEqual(fields?.get('spec.containerPort'), { expr: 'Spec.ContainerPort', goType: '*int32' });
  assert.deepEqual(fields?.get('status.nodes'), { expr: 'Status.Nodes', goType: '[]string' });
  assert.deepEqual(fields?.get('status.conditions'), { expr: 'Status.Conditions', goType: '[]metav1.Condition' });
});

test('versions: one package each, storageversion when there are several, sorted by name in `expressed`', () => {
  const base = memcached.crd.versions[0]!;
  const d: Design = {
    ...memcached,
    crd: {
      ...memcached.crd,
      versions: [
        { ...base, name: 'v2', storage: false },
        { ...base, name: 'v1-alpha', served: false },
      ],
    },
  };
  const r = generateGoTypes(d);
  assert.deepEqual(
    [...r.files.keys()],
    [
      'api/v1-alpha/groupversion_info.go',
      'api/v1-alpha/memcached_types.go',
      'api/v2/groupversion_info.go',
      'api/v2/memcached_types.go',
    ],
  );
  assert.match(
    r.files.get('api/v1-alpha/groupversion_info.go') ?? '',
    /\/\/ \+versionName=v1-alpha\npackage v1alpha\n/,
  );
  assert.match(
    r.files.get('api/v1-alpha/memcached_types.go') ?? '',
    /\+kubebuilder:storageversion\n\/\/ \+kubebuilder:unservedversion\n/,
  );
  assert.deepEqual(
    r.notExpressible.map((n) => n.path),
    ['crd.versions'],
  );
  assert.deepEqual(
    r.expressed.crd.versions.map((v) => v.name),
    ['v1-alpha', 'v2'],
  );
});

test('list items with their own keywords become a named type carrying type-level markers', () => {
  const r = generateGoTypes(
    oneField({ name: 'hosts', type: 'array', items: { type: 'string', description: 'A host name.', maxLength: 253 } }),
  );
  const src = r.files.get('api/v1/memcached_types.go') ?? '';
  assert.match(src, /\/\/ A host name\.\n\/\/ \+kubebuilder:validation:MaxLength=253\ntype MemcachedHost string\n/);
  assert.match(src, /\tHosts \[\]MemcachedHost `json:"hosts,omitempty"`/);
  assert.deepEqual(r.notExpressible, []);
});

test('a Go name that clashes is reported and the field left out', () => {
  const r = generateGoTypes(
    oneField({
      name: 'inner',
      type: 'object',
      fields: [
        { name: 'api-key', type: 'string' },
        { name: 'apiKey', type: 'string' },
        { name: 'deepCopy', type: 'string' },
      ],
    }),
  );
  assert.deepEqual(
    r.notExpressible.map((n) => n.path),
    ['crd.versions[0].schema.spec.inner.apiKey', 'crd.versions[0].schema.spec.inner.deepCopy'],
  );
  assert.deepEqual(
    r.expressed.crd.versions[0]?.schema?.fields?.[0]?.fields?.[0]?.fields?.map((f) => f.name),
    ['api-key'],
  );
});
