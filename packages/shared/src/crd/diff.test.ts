/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { corpusFiles } from '../testing/corpus';
import { diffCrds, hasBreaking, RULE_IDS, type RuleId, type Severity } from './diff';
import { crd, specNode, version } from './diff-fixtures';
import type { CustomResourceDefinition, JSONSchemaProps } from './types';

type Expect = [path: string, rule: RuleId, severity: Severity, messagePart?: string];
interface Case {
  name: string;
  installed: CustomResourceDefinition;
  proposed: CustomResourceDefinition;
  expect: Expect[];
}

const field = (s: JSONSchemaProps) => crd({ size: s });
const withSpec = (edit: (spec: JSONSchemaProps) => void) =>
  crd({ size: { type: 'integer' } }, (c) => edit(specNode(c)));
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

const cases: Record<string, Case[]> = {
  scope: [
    {
      name: 'Namespaced to Cluster',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.scope = 'Cluster')),
      expect: [['.spec.scope', 'scope', 'breaking']],
    },
  ],
  group: [
    {
      name: 'group renamed',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.group = 'cache.example.org')),
      expect: [['.spec.group', 'group', 'breaking']],
    },
  ],
  names: [
    {
      name: 'kind renamed',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.names.kind = 'Cache')),
      expect: [['.spec.names.kind', 'names', 'breaking']],
    },
    {
      name: 'short name added',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.names.shortNames = ['mc'])),
      expect: [['.spec.names.shortNames', 'names', 'safe']],
    },
  ],
  conversion: [
    {
      name: 'webhook added',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.conversion = { strategy: 'Webhook' })),
      expect: [['.spec.conversion', 'conversion', 'breaking']],
    },
  ],
  storedVersionRemoval: [
    {
      name: 'storage version dropped',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.versions = [version('v2', {})])),
      expect: [
        ['v1', 'storedVersionRemoval', 'breaking'],
        ['v2', 'versionAddition', 'safe'],
      ],
    },
    {
      name: 'listed in status.storedVersions',
      installed: crd({}, (c) => {
        c.spec.versions.push(version('v2', {}, { storage: false }));
        c.status = { storedVersions: ['v1', 'v2'] };
      }),
      proposed: crd(),
      expect: [['v2', 'storedVersionRemoval', 'breaking', 'stored version v2']],
    },
  ],
  versionRemoval: [
    {
      name: 'served, never stored',
      installed: crd({}, (c) => c.spec.versions.push(version('v1beta1', {}, { storage: false }))),
      proposed: crd(),
      expect: [['v1beta1', 'versionRemoval', 'breaking']],
    },
    {
      name: 'not served, never stored',
      installed: crd({}, (c) => c.spec.versions.push(version('v1beta1', {}, { storage: false, served: false }))),
      proposed: crd(),
      expect: [['v1beta1', 'versionRemoval', 'safe']],
    },
  ],
  versionAddition: [
    {
      name: 'v2 added',
      installed: crd(),
      proposed: crd({}, (c) => c.spec.versions.push(version('v2', {}, { storage: false }))),
      expect: [['v2', 'versionAddition', 'safe']],
    },
  ],
  served: [
    {
      name: 'unserved',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.versions[0]!.served = false)),
      expect: [['v1: served', 'served', 'breaking']],
    },
  ],
  storage: [
    {
      name: 'storage moves to v2',
      installed: crd({}, (c) => c.spec.versions.push(version('v2', {}, { storage: false }))),
      proposed: crd({}, (c) => {
        c.spec.versions[0]!.storage = false;
        c.spec.versions.push(version('v2', {}));
      }),
      expect: [
        ['v1: storage', 'storage', 'safe'],
        ['v2: storage', 'storage', 'safe'],
      ],
    },
  ],
  deprecation: [
    {
      name: 'deprecated',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.versions[0]!.deprecated = true)),
      expect: [['v1: deprecated', 'deprecation', 'safe']],
    },
  ],
  printerColumns: [
    {
      name: 'column added',
      installed: crd(),
      proposed: crd(
        {},
        (c) =>
          (c.spec.versions[0]!.additionalPrinterColumns = [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }]),
      ),
      expect: [['v1: additionalPrinterColumns', 'printerColumns', 'safe']],
    },
  ],
  subresources: [
    {
      name: 'status added',
      installed: crd(),
      proposed: crd({}, (c) => (c.spec.versions[0]!.subresources = { status: {} })),
      expect: [['v1: subresources.status', 'subresources', 'safe']],
    },
    {
      name: 'status removed',
      installed: crd({}, (c) => (c.spec.versions[0]!.subresources = { status: {} })),
      proposed: crd(),
      expect: [['v1: subresources.status', 'subresources', 'breaking']],
    },
  ],
  selectableFields: [
    {
      name: 'removed',
      installed: crd({}, (c) => (c.spec.versions[0]!.selectableFields = [{ jsonPath: '.spec.size' }])),
      proposed: crd(),
      expect: [['v1: selectableFields', 'selectableFields', 'breaking']],
    },
  ],
  existingFieldRemoval: [
    {
      name: 'object with children removed: one change',
      installed: crd({ tls: { type: 'object', properties: { cert: str } } }),
      proposed: crd(),
      expect: [['v1: .spec.tls', 'existingFieldRemoval', 'breaking']],
    },
  ],
  newField: [
    {
      name: 'optional field',
      installed: crd(),
      proposed: field(int),
      expect: [['v1: .spec.size', 'newField', 'safe']],
    },
  ],
  type: [
    {
      name: 'integer to string',
      installed: field(int),
      proposed: field(str),
      expect: [['v1: .spec.size', 'type', 'breaking', 'integer to string']],
    },
    {
      name: 'integer to int-or-string',
      installed: field(int),
      proposed: field({ 'x-kubernetes-int-or-string': true }),
      expect: [['v1: .spec.size', 'type', 'breaking']],
    },
  ],
  required: [
    {
      name: 'new required field',
      installed: crd(),
      proposed: withSpec((s) => (s.required = ['size'])),
      expect: [
        ['v1: .spec', 'required', 'breaking', 'size'],
        ['v1: .spec.size', 'newField', 'safe'],
      ],
    },
    {
      name: 'existing field made required',
      installed: field(int),
      proposed: withSpec((s) => (s.required = ['size'])),
      expect: [['v1: .spec', 'required', 'breaking']],
    },
    {
      name: 'no longer required',
      installed: withSpec((s) => (s.required = ['size'])),
      proposed: field(int),
      expect: [['v1: .spec', 'required', 'safe']],
    },
  ],
  default: [
    {
      name: 'added',
      installed: field(int),
      proposed: field({ ...int, default: 1 }),
      expect: [['v1: .spec.size', 'default', 'breaking', 'added']],
    },
    {
      name: 'changed',
      installed: field({ ...int, default: 1 }),
      proposed: field({ ...int, default: 2 }),
      expect: [['v1: .spec.size', 'default', 'breaking', 'changed']],
    },
    {
      name: 'removed',
      installed: field({ ...int, default: 1 }),
      proposed: field(int),
      expect: [['v1: .spec.size', 'default', 'breaking', 'removed']],
    },
    {
      name: 'same object default, keys reordered',
      installed: field({ type: 'object', default: { a: 1, b: 2 } }),
      proposed: field({ type: 'object', default: { b: 2, a: 1 } }),
      expect: [],
    },
  ],
  enum: [
    {
      name: 'added to a free field',
      installed: field(str),
      proposed: field({ ...str, enum: ['a'] }),
      expect: [['v1: .spec.size', 'enum', 'breaking']],
    },
    {
      name: 'values removed',
      installed: field({ ...str, enum: ['a', 'b'] }),
      proposed: field({ ...str, enum: ['a'] }),
      expect: [['v1: .spec.size', 'enum', 'breaking', '"b"']],
    },
    {
      name: 'values added',
      installed: field({ ...str, enum: ['a'] }),
      proposed: field({ ...str, enum: ['a', 'b'] }),
      expect: [['v1: .spec.size', 'enum', 'safe']],
    },
  ],
  minimum: [
    {
      name: 'raised',
      installed: field({ ...int, minimum: 1 }),
      proposed: field({ ...int, minimum: 2 }),
      expect: [['v1: .spec.size', 'minimum', 'breaking', 'raised from 1 to 2']],
    },
    {
      name: 'added',
      installed: field(int),
      proposed: field({ ...int, minimum: 0 }),
      expect: [['v1: .spec.size', 'minimum', 'breaking']],
    },
    {
      name: 'lowered',
      installed: field({ ...int, minimum: 2 }),
      proposed: field({ ...int, minimum: 1 }),
      expect: [['v1: .spec.size', 'minimum', 'safe']],
    },
  ],
  maximum: [
    {
      name: 'lowered',
      installed: field({ ...int, maximum: 5 }),
      proposed: field({ ...int, maximum: 3 }),
      expect: [['v1: .spec.size', 'maximum', 'breaking']],
    },
    {
      name: 'removed',
      installed: field({ ...int, maximum: 5 }),
      proposed: field(int),
      expect: [['v1: .spec.size', 'maximum', 'safe']],
    },
  ],
  exclusiveMinimum: [
    {
      name: 'set',
      installed: field({ ...int, minimum: 1 }),
      proposed: field({ ...int, minimum: 1, exclusiveMinimum: true }),
      expect: [['v1: .spec.size', 'exclusiveMinimum', 'breaking']],
    },
  ],
  exclusiveMaximum: [
    {
      name: 'unset',
      installed: field({ ...int, maximum: 1, exclusiveMaximum: true }),
      proposed: field({ ...int, maximum: 1 }),
      expect: [['v1: .spec.size', 'exclusiveMaximum', 'safe']],
    },
  ],
  minLength: [
    {
      name: 'added',
      installed: field(str),
      proposed: field({ ...str, minLength: 1 }),
      expect: [['v1: .spec.size', 'minLength', 'breaking']],
    },
  ],
  maxLength: [
    {
      name: 'lowered',
      installed: field({ ...str, maxLength: 63 }),
      proposed: field({ ...str, maxLength: 10 }),
      expect: [['v1: .spec.size', 'maxLength', 'breaking']],
    },
    {
      name: 'raised',
      installed: field({ ...str, maxLength: 10 }),
      proposed: field({ ...str, maxLength: 63 }),
      expect: [['v1: .spec.size', 'maxLength', 'safe']],
    },
  ],
  minItems: [
    {
      name: 'raised',
      installed: field({ type: 'array', items: str, minItems: 0 }),
      proposed: field({ type: 'array', items: str, minItems: 1 }),
      expect: [['v1: .spec.size', 'minItems', 'breaking']],
    },
  ],
  maxItems: [
    {
      name: 'added',
      installed: field({ type: 'array', items: str }),
      proposed: field({ type: 'array', items: str, maxItems: 8 }),
      expect: [['v1: .spec.size', 'maxItems', 'breaking']],
    },
  ],
  minProperties: [
    {
      name: 'added',
      installed: field({ type: 'object' }),
      proposed: field({ type: 'object', minProperties: 1 }),
      expect: [['v1: .spec.size', 'minProperties', 'breaking']],
    },
  ],
  maxProperties: [
    {
      name: 'lowered',
      installed: field({ type: 'object', maxProperties: 4 }),
      proposed: field({ type: 'object', maxProperties: 2 }),
      expect: [['v1: .spec.size', 'maxProperties', 'breaking']],
    },
  ],
  multipleOf: [
    {
      name: '2 to 4',
      installed: field({ ...int, multipleOf: 2 }),
      proposed: field({ ...int, multipleOf: 4 }),
      expect: [['v1: .spec.size', 'multipleOf', 'breaking']],
    },
    {
      name: '4 to 2',
      installed: field({ ...int, multipleOf: 4 }),
      proposed: field({ ...int, multipleOf: 2 }),
      expect: [['v1: .spec.size', 'multipleOf', 'safe']],
    },
  ],
  pattern: [
    {
      name: 'added',
      installed: field(str),
      proposed: field({ ...str, pattern: '^[a-z]+$' }),
      expect: [['v1: .spec.size', 'pattern', 'breaking']],
    },
    {
      name: 'removed',
      installed: field({ ...str, pattern: '^a' }),
      proposed: field(str),
      expect: [['v1: .spec.size', 'pattern', 'safe']],
    },
  ],
  format: [
    {
      name: 'changed',
      installed: field({ ...int, format: 'int64' }),
      proposed: field({ ...int, format: 'int32' }),
      expect: [['v1: .spec.size', 'format', 'breaking']],
    },
  ],
  nullable: [
    {
      name: 'removed',
      installed: field({ ...str, nullable: true }),
      proposed: field(str),
      expect: [['v1: .spec.size', 'nullable', 'breaking']],
    },
  ],
  uniqueItems: [
    {
      name: 'set',
      installed: field({ type: 'array', items: str }),
      proposed: field({ type: 'array', items: str, uniqueItems: true }),
      expect: [['v1: .spec.size', 'uniqueItems', 'breaking']],
    },
  ],
  xValidations: [
    {
      name: 'rule added',
      installed: field(int),
      proposed: field({ ...int, 'x-kubernetes-validations': [{ rule: 'self > 0' }] }),
      expect: [['v1: .spec.size', 'xValidations', 'breaking', 'self > 0']],
    },
    {
      name: 'rule removed',
      installed: field({ ...int, 'x-kubernetes-validations': [{ rule: 'self > 0' }] }),
      proposed: field(int),
      expect: [['v1: .spec.size', 'xValidations', 'safe']],
    },
    {
      name: 'message changed',
      installed: field({ ...int, 'x-kubernetes-validations': [{ rule: 'self > 0', message: 'a' }] }),
      proposed: field({ ...int, 'x-kubernetes-validations': [{ rule: 'self > 0', message: 'b' }] }),
      expect: [['v1: .spec.size', 'xValidations', 'safe']],
    },
  ],
  description: [
    {
      name: 'changed',
      installed: field({ ...int, description: 'a' }),
      proposed: field({ ...int, description: 'b' }),
      expect: [['v1: .spec.size', 'description', 'safe']],
    },
  ],
  listType: [
    {
      name: 'atomic to map',
      installed: field({
        type: 'array',
        items: { type: 'object', properties: { name: str } },
        'x-kubernetes-list-type': 'atomic',
      }),
      proposed: field({
        type: 'array',
        items: { type: 'object', required: ['name'], properties: { name: str } },
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
      }),
      expect: [
        ['v1: .spec.size', 'listType', 'breaking'],
        ['v1: .spec.size[*]', 'required', 'breaking'],
      ],
    },
  ],
  mapType: [
    {
      name: 'granular to atomic',
      installed: field({ type: 'object' }),
      proposed: field({ type: 'object', 'x-kubernetes-map-type': 'atomic' }),
      expect: [['v1: .spec.size', 'mapType', 'breaking']],
    },
  ],
  preserveUnknownFields: [
    {
      name: 'dropped',
      installed: field({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }),
      proposed: field({ type: 'object' }),
      expect: [['v1: .spec.size', 'preserveUnknownFields', 'breaking']],
    },
  ],
  embeddedResource: [
    {
      name: 'set',
      installed: field({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }),
      proposed: field({
        type: 'object',
        'x-kubernetes-preserve-unknown-fields': true,
        'x-kubernetes-embedded-resource': true,
      }),
      expect: [['v1: .spec.size', 'embeddedResource', 'breaking']],
    },
  ],
  additionalProperties: [
    {
      name: 'map value type changed',
      installed: field({ type: 'object', additionalProperties: str }),
      proposed: field({ type: 'object', additionalProperties: int }),
      expect: [['v1: .spec.size.*', 'type', 'breaking']],
    },
  ],
  composition: [
    {
      name: 'anyOf grows',
      installed: field({ anyOf: [int], 'x-kubernetes-int-or-string': true }),
      proposed: field({ anyOf: [int, str], 'x-kubernetes-int-or-string': true }),
      expect: [['v1: .spec.size', 'composition', 'safe']],
    },
    {
      name: 'oneOf added',
      installed: field({ type: 'object' }),
      proposed: field({ type: 'object', oneOf: [{ required: ['a'] }] }),
      expect: [['v1: .spec.size', 'composition', 'breaking']],
    },
  ],
  unhandled: [
    {
      name: 'unknown keyword',
      installed: field(int),
      proposed: field({ ...int, patternProperties: {} }),
      expect: [['v1: .spec.size', 'unhandled', 'breaking', 'patternProperties']],
    },
  ],
};

describe('diffCrds: one table per rule', () => {
  test('every rule has a table', () =>
    assert.deepEqual(
      RULE_IDS.filter((r) => !(r in cases)),
      [],
    ));
  for (const [rule, table] of Object.entries(cases)) {
    for (const c of table) {
      test(`${rule}: ${c.name}`, () => {
        const got = diffCrds(c.installed, c.proposed);
        assert.deepEqual(
          got.map((x) => [x.path, x.rule, x.severity]),
          c.expect.map((e) => e.slice(0, 3)),
        );
        c.expect.forEach(
          (e, i) => e[3] && assert.ok(got[i]!.message.includes(e[3]), `"${got[i]!.message}" should mention ${e[3]}`),
        );
        assert.equal(
          hasBreaking(got),
          c.expect.some((e) => e[2] === 'breaking'),
        );
      });
    }
  }
});

describe('diffCrds over the conformance corpus', () => {
  const files = corpusFiles();
  test('the corpus is there', () => assert.ok(files.length >= 10));
  for (const file of files) {
    test(`${file.name} against itself: no changes`, () => {
      const doc = parse(file.text) as CustomResourceDefinition;
      assert.deepEqual(diffCrds(doc, structuredClone(doc)), []);
    });
  }
  test('gateway-api: dropping v1beta1 from httproutes is a breaking served-version removal', () => {
    const gateway = files.find((f) => f.name.startsWith('gateway-api__httproutes'));
    const doc = parse(gateway?.text ?? '') as CustomResourceDefinition;
    const next = structuredClone(doc);
    next.spec.versions = next.spec.versions.filter((v) => v.name !== 'v1beta1');
    assert.deepEqual(
      diffCrds(doc, next).map((c) => [c.path, c.rule, c.severity]),
      [['v1beta1', 'versionRemoval', 'breaking']],
    );
  });
});
