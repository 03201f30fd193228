/// <reference types="node" />
// Random, mostly invalid input must give issues or changes, never an exception: the
// designer runs these on every keystroke, over whatever the user has typed so far.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { diffCrds } from '../crd/diff';
import { crd } from '../crd/diff-fixtures';
import type { CustomResourceDefinition, JSONSchemaProps, JSONValue } from '../crd/types';
import { validateCrd } from './crd';
import { validateSample } from './sample';

const keyword = fc.constantFrom(
  'type',
  'properties',
  'items',
  'additionalProperties',
  'required',
  'enum',
  'default',
  'minimum',
  'maximum',
  'pattern',
  'format',
  'nullable',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'x-kubernetes-list-type',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-map-type',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-validations',
  'minLength',
  'maxItems',
  'exclusiveMinimum',
  'multipleOf',
  'uniqueItems',
);
const value = fc.oneof(
  fc.constantFrom('object', 'array', 'string', 'integer', 'map', 'set', 'atomic', '^a(', 'self > 0', 'self.'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const schema: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.dictionary(
    keyword,
    fc.oneof(
      { depthSize: 'small' },
      value,
      tie('node'),
      fc.array(fc.oneof(value, tie('node')), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', 'name', 'metadata'), tie('node'), { maxKeys: 3 }),
    ),
    { maxKeys: 5 },
  ),
})).node;

function withSchema(s: unknown): CustomResourceDefinition {
  return crd({}, (c) => (c.spec.versions[0]!.schema = { openAPIV3Schema: s as JSONSchemaProps }));
}

test('validateCrd never throws on random schemas', () => {
  fc.assert(
    fc.property(schema, (s) => void validateCrd(withSchema(s))),
    { numRuns: 300 },
  );
});

test('validateCrd never throws on random documents', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), (doc) => void validateCrd(doc as unknown as CustomResourceDefinition)),
    { numRuns: 300 },
  );
});

const places = [
  'spec.group',
  'spec.scope',
  'spec.names.plural',
  'spec.names.kind',
  'spec.names.shortNames',
  'spec.versions.0',
  'spec.versions.0.name',
  'spec.versions.0.served',
  'spec.versions.0.subresources',
  'spec.versions.0.subresources.scale',
  'spec.versions.0.subresources.scale.specReplicasPath',
  'spec.versions.0.additionalPrinterColumns',
  'spec.versions.0.additionalPrinterColumns.0',
  'spec.versions.0.selectableFields',
  'spec.versions.0.selectableFields.0',
  'spec.versions.0.selectableFields.0.jsonPath',
  'metadata.name',
  'status',
];

function setAt(doc: unknown, path: string, v: unknown): void {
  const keys = path.split('.');
  let node = doc as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) {
    if (node[k] === null || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = v;
}

test('validateCrd and diffCrds never throw when any CRD field holds the wrong kind of value', () => {
  fc.assert(
    fc.property(fc.constantFrom(...places), fc.jsonValue({ maxDepth: 2 }), (place, v) => {
      const doc = crd({ size: { type: 'integer' } });
      setAt(doc, place, v);
      validateCrd(doc);
    }),
    { numRuns: 500 },
  );
});

test('diffCrds never throws on random schemas', () => {
  fc.assert(
    fc.property(schema, schema, (a, b) => void diffCrds(withSchema(a), withSchema(b))),
    { numRuns: 300 },
  );
});

test('validateSample never throws on random samples', () => {
  fc.assert(
    fc.property(
      schema,
      fc.jsonValue({ maxDepth: 3 }),
      (s, v) => void validateSample('v1', s as JSONSchemaProps, v as JSONValue),
    ),
    { numRuns: 300 },
  );
});

test('an invalid schema is reported, not accepted', () => {
  assert.ok(validateCrd(withSchema({ type: 'object', properties: { spec: { properties: { a: {} } } } })).length > 0);
});
