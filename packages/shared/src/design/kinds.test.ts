import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIELD_KINDS, fieldKind, kindKeywords, withKind } from './kinds';
import { FIELD_NODE } from './field';

test('every kind reads back as itself and is a valid field', () => {
  for (const kind of FIELD_KINDS) {
    const node = kindKeywords(kind);
    assert.ok(FIELD_NODE.safeParse(node).success, kind);
    assert.equal(fieldKind(node), kind === 'custom' ? 'custom' : kind);
  }
});

test('switching kind keeps the description and validations and drops the old shape', () => {
  const before = {
    name: 'size',
    type: 'integer' as const,
    format: 'int32',
    description: 'How many.',
    minimum: 1,
    validations: [{ rule: 'self > 0' }],
  };
  const after = withKind(before, 'quantity');
  assert.equal(fieldKind(after), 'quantity');
  assert.equal(after.description, 'How many.');
  assert.deepEqual(after.validations, [{ rule: 'self > 0' }]);
  assert.equal(after.type, undefined);
  assert.equal(after.format, undefined);
  assert.equal(after.name, 'size');
  assert.equal(fieldKind(withKind(after, 'map')), 'map');
});
