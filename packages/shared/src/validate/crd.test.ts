/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { loadCel } from '@opstudio/cel/node';
import { crd, version } from '../crd/diff-fixtures';
import { corpusFiles } from '../testing/corpus';
import type { CustomResourceDefinition } from '../crd/types';
import { validateCrd } from './index';

// CEL rules are compiled by the API server's own code (the CEL module)
await loadCel();

const valid = () =>
  crd({ size: { type: 'integer', minimum: 1, maximum: 5, default: 1 } }, (c) => {
    c.spec.versions[0]!.subresources = {
      status: {},
      scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.replicas' },
    };
    c.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.status = {
      type: 'object',
      properties: { replicas: { type: 'integer' } },
    };
    c.spec.versions[0]!.additionalPrinterColumns = [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }];
  });

type Row = [string, (c: CustomResourceDefinition) => void, string, string];
const rows: Row[] = [
  [
    'metadata.name is not <plural>.<group>',
    (c) => (c.metadata.name = 'memcached'),
    '.metadata.name',
    'memcacheds.cache.example.com',
  ],
  [
    'group without a dot',
    (c) => {
      c.spec.group = 'cache';
      c.metadata.name = 'memcacheds.cache';
    },
    '.spec.group',
    'contain a dot',
  ],
  [
    'upper-case plural',
    (c) => {
      c.spec.names.plural = 'Memcacheds';
      c.metadata.name = 'Memcacheds.cache.example.com';
    },
    '.spec.names.plural',
    'lowercase',
  ],
  ['lower-case kind', (c) => (c.spec.names.kind = 'memcached'), '.spec.names.kind', 'UpperCamelCase'],
  ['listKind equals kind', (c) => (c.spec.names.listKind = 'Memcached'), '.spec.names.listKind', 'MemcachedList'],
  ['bad short name', (c) => (c.spec.names.shortNames = ['m_c']), '.spec.names.shortNames[0]', 'lowercase letters'],
  ['bad version name', (c) => (c.spec.versions[0]!.name = 'version1'), '.spec.versions[0].name', 'v1alpha1'],
  ['two storage versions', (c) => c.spec.versions.push(version('v2', {})), '.spec.versions', 'exactly one'],
  ['no storage version', (c) => (c.spec.versions[0]!.storage = false), '.spec.versions', 'found 0'],
  [
    'duplicate version',
    (c) => c.spec.versions.push(version('v1', {}, { storage: false })),
    '.spec.versions[1].name',
    'twice',
  ],
  ['no versions', (c) => (c.spec.versions = []), '.spec.versions', 'at least one version'],
  ['nothing served', (c) => (c.spec.versions[0]!.served = false), '.spec.versions', 'served'],
  [
    'printer column type',
    (c) =>
      (c.spec.versions[0]!.additionalPrinterColumns = [
        { name: 'Age', type: 'time', jsonPath: '.metadata.creationTimestamp' },
      ]),
    'v1: additionalPrinterColumns[0]',
    'date',
  ],
  [
    'printer column path',
    (c) => (c.spec.versions[0]!.additionalPrinterColumns = [{ name: 'Size', type: 'integer', jsonPath: 'spec.size' }]),
    'v1: additionalPrinterColumns[0]',
    "start with '.'",
  ],
  [
    'scale path outside .spec',
    (c) => (c.spec.versions[0]!.subresources!.scale!.specReplicasPath = '.status.size'),
    'v1: subresources.scale',
    'under .spec',
  ],
  [
    'scale path to a string',
    (c) => (c.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!.properties!.size = { type: 'string' }),
    'v1: subresources.scale',
    'integer field',
  ],
  [
    'selectable field missing',
    (c) => (c.spec.versions[0]!.selectableFields = [{ jsonPath: '.spec.nope' }]),
    'v1: selectableFields[0]',
    'not a field',
  ],
  [
    'structural error',
    (c) => (c.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!.properties!.x = {}),
    'v1: .spec.x',
    'needs a type',
  ],
  [
    'default outside its bounds',
    (c) => (c.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!.properties!.size!.default = 9),
    'v1: .spec.size',
    'above the maximum 5',
  ],
  [
    'CEL rule that does not parse',
    (c) =>
      (c.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!['x-kubernetes-validations'] = [
        { rule: 'self.size >' },
      ]),
    'v1: .spec x-kubernetes-validations[0]',
    'compilation failed: ERROR: <input>:1:12: Syntax error',
  ],
  [
    'JSON field name with a space',
    (c) =>
      (c.spec.versions[0]!.schema!.openAPIV3Schema!.properties!.spec!.properties!['my size'] = { type: 'integer' }),
    'v1: .spec["my size"]',
    'struct tag',
  ],
];

describe('validateCrd', () => {
  test('a valid Memcached CRD has no issues', () => assert.deepEqual(validateCrd(valid()), []));
  for (const [name, edit, path, part] of rows) {
    test(name, () => {
      const c = valid();
      edit(c);
      const errors = validateCrd(c).filter((i) => i.severity === 'error');
      assert.ok(errors.length >= 1, 'expected an error');
      assert.equal(errors[0]!.path, path, JSON.stringify(errors));
      assert.ok(errors[0]!.message.includes(part), `"${errors[0]!.message}" should mention ${part}`);
    });
  }
});

describe('validateCrd over the conformance corpus', () => {
  test('the corpus is there', () => assert.ok(corpusFiles().length >= 10));
  for (const file of corpusFiles()) {
    test(`${file.name}: no errors (these CRDs are installed in real clusters)`, () => {
      const doc = parse(file.text) as CustomResourceDefinition;
      assert.deepEqual(
        validateCrd(doc).filter((i) => i.severity === 'error'),
        [],
      );
    });
  }
});
