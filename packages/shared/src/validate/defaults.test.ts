/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JSONSchemaProps } from '../crd/types';
import { validateDefaults } from './defaults';

const root = (f: JSONSchemaProps): JSONSchemaProps => ({
  type: 'object',
  properties: { spec: { type: 'object', properties: { f } } },
});
const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;

/** [name, field schema with a default, expected message part or null when the default is fine] */
type Row = [string, JSONSchemaProps, string | null];

const rows: Record<string, Row[]> = {
  'wrong type': [
    ['integer default on an integer', { ...int, default: 1 }, null],
    ['string default on an integer', { ...int, default: '1' }, 'the field is integer'],
    ['fraction on an integer', { ...int, default: 1.5 }, 'the field is integer'],
    ['integer on a number', { type: 'number', default: 2 }, null],
    ['int-or-string takes both', { 'x-kubernetes-int-or-string': true, default: '50%' }, null],
    ['int-or-string rejects a boolean', { 'x-kubernetes-int-or-string': true, default: true }, 'integer or a string'],
    ['null without nullable', { ...str, default: null }, 'nullable'],
  ],
  'outside min/max': [
    ['inside', { ...int, minimum: 1, maximum: 5, default: 1 }, null],
    ['below minimum', { ...int, minimum: 1, maximum: 5, default: 0 }, 'below the minimum 1'],
    ['above maximum', { ...int, minimum: 1, maximum: 5, default: 6 }, 'above the maximum 5'],
    ['on an exclusive maximum', { ...int, maximum: 5, exclusiveMaximum: true, default: 5 }, 'exclusive maximum'],
    ['not a multiple', { ...int, multipleOf: 2, default: 3 }, 'multiple of 2'],
    ['int32 overflow', { ...int, format: 'int32', default: 2 ** 31 }, 'int32'],
  ],
  'not in enum': [
    ['in enum', { ...str, enum: ['a', 'b'], default: 'a' }, null],
    ['not in enum', { ...str, enum: ['a', 'b'], default: 'c' }, 'not one of the allowed values "a", "b"'],
  ],
  'string constraints': [
    ['matches pattern', { ...str, pattern: '^[a-z]+$', default: 'abc' }, null],
    ['does not match pattern', { ...str, pattern: '^[a-z]+$', default: 'ABC' }, 'does not match the pattern'],
    ['too short', { ...str, minLength: 3, default: 'ab' }, 'shorter than minLength 3'],
    ['too long', { ...str, maxLength: 2, default: 'abc' }, 'longer than maxLength 2'],
    ['bad date-time', { ...str, format: 'date-time', default: 'yesterday' }, 'RFC 3339'],
  ],
  'objects and arrays': [
    [
      'object default with its required field',
      { type: 'object', required: ['a'], properties: { a: str }, default: { a: 'x' } },
      null,
    ],
    [
      'object default missing a required field',
      { type: 'object', required: ['a'], properties: { a: str }, default: {} },
      'required field "a" is missing',
    ],
    [
      'object default with an unknown field',
      { type: 'object', properties: { a: str }, default: { b: 'x' } },
      'unknown field "b"',
    ],
    ['nested wrong type', { type: 'object', properties: { a: int }, default: { a: 'x' } }, 'at .a'],
    ['too few items', { type: 'array', items: str, minItems: 1, default: [] }, 'fewer than minItems 1'],
    [
      'duplicate in a set',
      { type: 'array', items: str, 'x-kubernetes-list-type': 'set', default: ['a', 'a'] },
      'duplicates',
    ],
    [
      'metadata is an ordinary field below the root',
      { type: 'object', properties: { a: str }, default: { metadata: {} } },
      'unknown field "metadata"',
    ],
    ['map values checked', { type: 'object', additionalProperties: int, default: { x: 'y' } }, 'the field is integer'],
  ],
};

describe('validateDefaults', () => {
  for (const [rule, table] of Object.entries(rows)) {
    for (const [name, schema, part] of table) {
      test(`${rule}: ${name}`, () => {
        const issues = validateDefaults('v1', root(schema));
        if (part === null) return assert.deepEqual(issues, []);
        assert.equal(issues.length, 1, JSON.stringify(issues));
        assert.equal(issues[0]!.path, 'v1: .spec.f');
        assert.equal(issues[0]!.severity, 'error');
        assert.ok(issues[0]!.message.includes(part), `"${issues[0]!.message}" should mention ${part}`);
      });
    }
  }
  test('the message says what to do', () => {
    const [issue] = validateDefaults('v1', root({ ...int, maximum: 5, default: 6 }));
    assert.equal(issue?.message, 'default 6: 6 is above the maximum 5; change the default or the constraint');
  });
});
