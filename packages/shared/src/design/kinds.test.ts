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

test('a form kind typed as type: says which keywords it stands for (issue 30, point 6)', () => {
  const quantity = FIELD_NODE.safeParse({ type: 'quantity' });
  assert.ok(!quantity.success);
  assert.equal(
    quantity.error.issues[0]?.message,
    `must be one of string, integer, number, boolean, object, array: "quantity" is a kind the form offers, written in the schema as intOrString: true, anyOf: [{type: integer}, {type: string}] and resource.Quantity's pattern (no type) (pick "quantity" as the field's type in the form to have them written)`,
  );
  const int32 = FIELD_NODE.safeParse({ type: 'int32' });
  assert.match(
    int32.success ? '' : (int32.error.issues[0]?.message ?? ''),
    /written in the schema as type: integer with format: int32/,
  );
  const other = FIELD_NODE.safeParse({ type: 'strnig' });
  assert.equal(
    other.success ? '' : other.error.issues[0]?.message,
    'must be one of string, integer, number, boolean, object, array (found "strnig")',
  );
});
