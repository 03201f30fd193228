/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JSONSchemaProps } from '../crd/types';
import { validateStructural } from './structural';

const root = (spec: Record<string, JSONSchemaProps>, extra: Partial<JSONSchemaProps> = {}): JSONSchemaProps => ({
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: { type: 'object', properties: spec },
  },
  ...extra,
});
const field = (s: JSONSchemaProps) => root({ f: s });
const str = { type: 'string' } as const;

/** [name, schema, expected [path, message part] of errors; [] means valid] */
type Row = [string, JSONSchemaProps, [string, string][]];

const rows: Record<string, Row[]> = {
  'every node has a type': [
    ['typed field', field(str), []],
    ['untyped field', field({ description: 'x' }), [['v1: .spec.f', 'needs a type']]],
    [
      'int-or-string needs none',
      field({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] }),
      [],
    ],
    ['preserve-unknown-fields needs none', field({ 'x-kubernetes-preserve-unknown-fields': true }), []],
    ['untyped array items', field({ type: 'array', items: {} }), [['v1: .spec.f[*]', 'array items need a type']]],
    ['unknown type', field({ type: 'date' }), [['v1: .spec.f', 'not one of']]],
    ['root not object', { type: 'string' }, [['v1: .', 'root must be type: object']]],
  ],
  'properties and additionalProperties are exclusive': [
    ['map', field({ type: 'object', additionalProperties: str }), []],
    [
      'both',
      field({ type: 'object', properties: { a: str }, additionalProperties: str }),
      [['v1: .spec.f', 'cannot both be set']],
    ],
    [
      'additionalProperties: false',
      field({ type: 'object', additionalProperties: false }),
      [['v1: .spec.f', 'false is not allowed']],
    ],
    ['at the root', { type: 'object', additionalProperties: str }, [['v1: .', 'not allowed at the schema root']]],
  ],
  'arrays need one items schema': [
    ['no items', field({ type: 'array' }), [['v1: .spec.f', 'needs items']]],
    ['tuple', field({ type: 'array', items: [str] }), [['v1: .spec.f', 'one schema']]],
  ],
  'embedded resources': [
    [
      'object + preserve',
      field({ type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true }),
      [],
    ],
    [
      'not an object',
      field({ type: 'string', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true }),
      [['v1: .spec.f', 'needs type: object']],
    ],
    [
      'no properties, no preserve',
      field({ type: 'object', 'x-kubernetes-embedded-resource': true }),
      [['v1: .spec.f', 'needs properties']],
    ],
    [
      'kind not a string',
      field({ type: 'object', 'x-kubernetes-embedded-resource': true, properties: { kind: { type: 'integer' } } }),
      [['v1: .spec.f.kind', 'must be type: string']],
    ],
  ],
  'extensions that exclude each other': [
    [
      'int-or-string + preserve',
      field({ 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true }),
      [['v1: .spec.f', 'cannot be combined']],
    ],
    [
      'int-or-string with a type',
      field({ type: 'string', 'x-kubernetes-int-or-string': true }),
      [['v1: .spec.f', 'type must be empty']],
    ],
    [
      'preserve: false',
      field({ type: 'object', 'x-kubernetes-preserve-unknown-fields': false }),
      [['v1: .spec.f', 'must be true or left out']],
    ],
  ],
  'unsupported keywords': [
    [
      '$ref',
      field({ $ref: '#/definitions/x' }),
      [
        ['v1: .spec.f', '$ref is not supported'],
        ['v1: .spec.f', 'needs a type'],
      ],
    ],
    ['uniqueItems', field({ type: 'array', items: str, uniqueItems: true }), [['v1: .spec.f', 'list-type: set']]],
  ],
  'patterns are RE2': [
    ['plain', field({ ...str, pattern: '^[a-z]+$' }), []],
    ['look-ahead', field({ ...str, pattern: '^(?!kube-).*' }), [['v1: .spec.f', 'look-ahead']]],
    ['broken', field({ ...str, pattern: '([a-z' }), [['v1: .spec.f', 'not a valid regular expression']]],
  ],
  'root metadata': [
    ['name only', root({}, {}), []],
    [
      'labels restricted',
      { type: 'object', properties: { metadata: { type: 'object', properties: { labels: { type: 'object' } } } } },
      [['v1: .metadata', 'only restrict name and generateName']],
    ],
  ],
  'list types': [
    [
      'map with required key',
      field({
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: { type: 'object', required: ['name'], properties: { name: str } },
      }),
      [],
    ],
    [
      'map with defaulted key',
      field({
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['port'],
        items: { type: 'object', properties: { port: { type: 'integer', default: 80 } } },
      }),
      [],
    ],
    [
      'map key optional',
      field({
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['name'],
        items: { type: 'object', properties: { name: str } },
      }),
      [['v1: .spec.f x-kubernetes-list-map-keys', 'must be required or have a default']],
    ],
    [
      'map key missing',
      field({
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['id'],
        items: { type: 'object', properties: { name: str } },
      }),
      [['v1: .spec.f x-kubernetes-list-map-keys', 'not a field of the items']],
    ],
    [
      'map key not scalar',
      field({
        type: 'array',
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-list-map-keys': ['o'],
        items: { type: 'object', required: ['o'], properties: { o: { type: 'object' } } },
      }),
      [['v1: .spec.f x-kubernetes-list-map-keys', 'must be a scalar']],
    ],
    [
      'map without keys',
      field({ type: 'array', 'x-kubernetes-list-type': 'map', items: { type: 'object' } }),
      [['v1: .spec.f', 'needs x-kubernetes-list-map-keys']],
    ],
    [
      'keys without map',
      field({ type: 'array', 'x-kubernetes-list-map-keys': ['a'], items: str }),
      [['v1: .spec.f', 'needs x-kubernetes-list-type: map']],
    ],
    [
      'set of objects',
      field({ type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'object' } }),
      [['v1: .spec.f', 'set needs scalar items']],
    ],
    [
      'list type on an object',
      field({ type: 'object', 'x-kubernetes-list-type': 'atomic' }),
      [['v1: .spec.f', 'only be used on arrays']],
    ],
    [
      'map type on a string',
      field({ ...str, 'x-kubernetes-map-type': 'atomic' }),
      [['v1: .spec.f', 'only be used on objects']],
    ],
  ],
  'value validations only restrict values': [
    [
      'controller-gen int-or-string',
      field({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] }),
      [],
    ],
    [
      'exactly one of',
      field({ type: 'object', properties: { a: str, b: str }, oneOf: [{ required: ['a'] }, { required: ['b'] }] }),
      [],
    ],
    [
      'type inside oneOf',
      field({ type: 'object', oneOf: [{ type: 'object' }] }),
      [['v1: .spec.f oneOf[0]', 'not allowed inside']],
    ],
    [
      'unknown property inside anyOf',
      field({ type: 'object', properties: { a: str }, anyOf: [{ properties: { b: { minLength: 1 } } }] }),
      [['v1: .spec.f anyOf[0]', '"b" is restricted here']],
    ],
  ],
};

describe('validateStructural', () => {
  for (const [rule, table] of Object.entries(rows)) {
    for (const [name, schema, expected] of table) {
      test(`${rule}: ${name}`, () => {
        const errors = validateStructural('v1', schema).filter((i) => i.severity === 'error');
        assert.deepEqual(
          errors.map((e) => e.path),
          expected.map((e) => e[0]),
          JSON.stringify(errors),
        );
        expected.forEach(([, part], i) =>
          assert.ok(errors[i]!.message.includes(part), `"${errors[i]!.message}" should mention ${part}`),
        );
      });
    }
  }
  test('a missing schema is an error', () => assert.equal(validateStructural('v1', undefined).length, 1));
  test('an unknown format is a warning', () => {
    assert.deepEqual(
      validateStructural('v1', field({ ...str, format: 'semver' })).map((i) => i.severity),
      ['warning'],
    );
  });
});
