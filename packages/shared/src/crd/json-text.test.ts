import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonText } from './json-text';

test('jsonText writes what JSON.stringify writes for values without a bigint', () => {
  const values: unknown[] = [
    null,
    true,
    'text "quoted" \n \u2028',
    -0,
    1.5e300,
    [1, undefined, () => 1, Symbol('s'), null],
    { a: 1, skip: undefined, f: () => 1, nested: { b: [{}, []] }, date: new Date(0) },
  ];
  for (const v of values) assert.equal(jsonText(v), JSON.stringify(v));
  assert.equal(jsonText(undefined), 'null');
});

test('jsonText writes a bigint as its digits, wherever it is', () => {
  assert.equal(jsonText(12345678901234567890n), '12345678901234567890');
  assert.equal(
    jsonText({ spec: { max: 9007199254740993n, list: [1n, undefined, 'x'], skip: undefined }, at: new Date(0) }),
    '{"spec":{"max":9007199254740993,"list":[1,null,"x"]},"at":"1970-01-01T00:00:00.000Z"}',
  );
});
