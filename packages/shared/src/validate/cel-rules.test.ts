/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JSONSchemaProps, ValidationRule } from '../crd/types';
import { validateCelRules } from './cel-rules';
import { validateSample } from './sample';

const withRules = (rules: ValidationRule[]): JSONSchemaProps => ({
  type: 'object',
  properties: {
    spec: { type: 'object', properties: { size: { type: 'integer' } }, 'x-kubernetes-validations': rules },
  },
});

type Row = [string, ValidationRule, 'error' | 'warning' | null, string?];
const rows: Row[] = [
  ['a rule that parses', { rule: 'self.size <= 5' }, null],
  [
    'a transition rule with optionalOldSelf',
    { rule: '!oldSelf.hasValue() || self.size >= oldSelf.value().size', optionalOldSelf: true },
    null,
  ],
  ['a rule that does not parse', { rule: 'self.size <= ' }, 'error', 'CEL rule does not parse'],
  [
    'an unparsable messageExpression',
    { rule: 'true', messageExpression: "'size ' + " },
    'error',
    'messageExpression does not parse',
  ],
  ['an unknown reason', { rule: 'true', reason: 'Nope' as ValidationRule['reason'] }, 'error', 'FieldValueInvalid'],
  ['a fieldPath that is not a path', { rule: 'true', fieldPath: 'spec size' }, 'error', 'such as .name'],
  ['a fieldPath that is a path', { rule: 'true', fieldPath: '.size' }, null],
  ['a fieldPath below a number', { rule: 'true', fieldPath: ".size['x']" }, 'error', 'no property "x"'],
  ['optionalOldSelf without oldSelf', { rule: 'self.size > 0', optionalOldSelf: true }, 'warning', 'no effect'],
  ['a rule naming a field that does not exist', { rule: 'self.sise <= 5' }, 'error', 'No such key: sise'],
  ['a multi-line message', { rule: 'true', message: 'a\nb' }, 'error', 'single line'],
];

describe('validateCelRules', () => {
  for (const [name, rule, severity, part] of rows) {
    test(name, () => {
      const issues = validateCelRules('v1', withRules([rule]));
      if (severity === null) return assert.deepEqual(issues, []);
      assert.deepEqual(
        issues.map((i) => [i.path, i.severity]),
        [['v1: .spec x-kubernetes-validations[0]', severity]],
      );
      assert.ok(issues[0]!.message.includes(part!), issues[0]!.message);
    });
  }
  test('the offset of a syntax error is reported 1-based', () => {
    const [issue] = validateCelRules('v1', withRules([{ rule: 'self.size <= ' }]));
    assert.match(issue!.message, /at character 14/);
  });
});

describe('validateSample', () => {
  const schema = withRules([{ rule: 'self.size <= 5', message: 'size must be 5 or less' }]);
  test('a sample that satisfies the rules has no issues', () => {
    assert.deepEqual(validateSample('v1', schema, { spec: { size: 3 } }), []);
  });
  test('apiVersion, kind and metadata need no declaration in a whole object', () => {
    const cr = { apiVersion: 'cache.example.com/v1', kind: 'Memcached', metadata: { name: 'a' }, spec: { size: 1 } };
    assert.deepEqual(validateSample('v1', schema, cr), []);
  });
  test('a failing CEL rule gives its message at the field', () => {
    assert.deepEqual(validateSample('v1', schema, { spec: { size: 7 } }), [
      { path: 'sample v1: .spec', message: 'size must be 5 or less', severity: 'error' },
    ]);
  });
  test('schema violations of the sample are errors too', () => {
    const issues = validateSample('v1', schema, { spec: { size: 'big' } });
    assert.equal(issues[0]?.path, 'sample v1: .spec.size');
    assert.match(issues[0]?.message ?? '', /the field is integer/);
  });
  test('rules with functions the library lacks are skipped, not failed', () => {
    const s = withRules([{ rule: "quantity(string(self.size)).isGreaterThan(quantity('1'))" }]);
    assert.deepEqual(validateSample('v1', s, { spec: { size: 0 } }), []);
  });
  test('transition rules do not run on a new object', () => {
    assert.deepEqual(validateSample('v1', withRules([{ rule: 'self == oldSelf' }]), { spec: { size: 1 } }), []);
  });
});

test('fieldPath must lead to a field under the rule, and optionalOldSelf needs an unwrapped oldSelf', () => {
  const spec = {
    type: 'object',
    properties: {
      owner: {
        type: 'string',
        'x-kubernetes-validations': [{ rule: 'self == oldSelf', fieldPath: '.owner', optionalOldSelf: true }],
      },
      ports: { type: 'array', items: { type: 'object', properties: { port: { type: 'integer' } } } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
    },
    'x-kubernetes-validations': [
      { rule: 'true', fieldPath: '.ports[0].port' },
      { rule: 'true', fieldPath: ".labels['app']" },
      { rule: 'true', fieldPath: '.missing' },
      {
        rule: '!oldSelf.hasValue() || self.owner == oldSelf.value().owner',
        messageExpression: '"was " + oldSelf.orValue(self).owner',
        optionalOldSelf: true,
      },
    ],
  } as const;
  const messages = validateCelRules('v1', spec as never).map((i) => `${i.path}: ${i.message}`);
  assert.equal(messages.filter((m) => m.includes('.owner x-kubernetes-validations[0]')).length, 2, messages.join('\n'));
  assert.ok(
    messages.some((m) =>
      /fieldPath "\.owner" must lead to a field under this one: this field has no property "owner"/.test(m),
    ),
    messages.join('\n'),
  );
  assert.ok(messages.some((m) => /with optionalOldSelf, oldSelf is an optional value/.test(m)));
  assert.ok(messages.some((m) => /fieldPath "\.missing".*no property "missing"/.test(m)));
  assert.equal(messages.length, 3, messages.join('\n'));
});
