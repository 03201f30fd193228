/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anyValue, args, goQuote, stringSlice } from './marker-values';
import { keywordMarkers } from './keyword-markers';

test('strings are Go string literals', () => {
  assert.equal(goQuote('a"b\\c\td\n'), '"a\\"b\\\\c\\td\\n"');
  assert.equal(goQuote('ünï 🚀'), '"ünï 🚀"');
  assert.equal(goQuote('\uD800'), undefined, 'lone surrogates have no Go literal');
  assert.equal(
    goQuote("self != '' && x != ``"),
    '"self != \'\\u0027 && x != `\\u0060"',
    'gofmt would make curly quotes of these in a type comment',
  );
});

test('any-typed values: scalars only', () => {
  assert.equal(anyValue('x'), '"x"');
  assert.equal(anyValue(-1.5), '-1.5');
  assert.equal(anyValue(true), 'true');
  assert.equal(anyValue(null), undefined);
  assert.equal(anyValue({ a: 1 }), undefined);
  assert.equal(stringSlice(['a,b', 'c;d']), '{"a,b","c;d"}');
  assert.equal(
    args([
      ['a', '1'],
      ['b', undefined],
      ['c', '"x"'],
    ]),
    'a=1,c="x"',
  );
});

test('keywords become markers; field-only ones are flagged', () => {
  const km = keywordMarkers(
    {
      type: 'string',
      pattern: '^a,b$',
      enum: ['x', 'y'],
      default: 'x',
      nullable: true,
      validations: [{ rule: "self != 'a'", reason: 'FieldValueInvalid' }],
    },
    new Set(['type']),
  );
  assert.deepEqual(
    km.markers.map((m) => [m.marker, m.fieldOnly]),
    [
      ['+kubebuilder:validation:Pattern="^a,b$"', false],
      ['+kubebuilder:validation:Enum={"x","y"}', false],
      ['+kubebuilder:validation:XValidation:rule="self != \'a\'",reason=FieldValueInvalid', false],
      ['+nullable', true],
      ['+default="x"', true],
    ],
  );
  assert.deepEqual(km.dropped, []);
});

test('false for keywords controller-gen writes only when true is dropped with a reason', () => {
  const km = keywordMarkers(
    { type: 'array', uniqueItems: false, items: { type: 'string' } },
    new Set(['type', 'items']),
  );
  assert.deepEqual(
    km.dropped.map((d) => d.keyword),
    ['uniqueItems'],
  );
});
