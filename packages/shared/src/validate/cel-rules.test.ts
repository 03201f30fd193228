/// <reference types="node" />
// validateCelRules and validateSample with the CEL module loaded: the rules compiled, costed and
// run by the API server's own code, in its words. (Without the module they stay silent: see the
// last test.)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { loadCel } from '@opstudio/cel/node';
import { installCelEngine, type CelEngine } from '../cel/engine';
import type { JSONSchemaProps, ValidationRule } from '../crd/types';
import { corpusFiles } from '../testing/corpus';
import { validateCelRules } from './cel-rules';
import { validateSample } from './sample';

const engine = await loadCel();

const withRules = (rules: ValidationRule[]): JSONSchemaProps => ({
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: { size: { type: 'integer' }, name: { type: 'string', maxLength: 63 } },
      'x-kubernetes-validations': rules,
    },
  },
});

type Row = [string, ValidationRule, 'error' | null, string?];
const rows: Row[] = [
  ['a rule that compiles', { rule: 'self.size <= 5' }, null],
  [
    'a transition rule with optionalOldSelf',
    { rule: '!oldSelf.hasValue() || self.size >= oldSelf.value().size', optionalOldSelf: true },
    null,
  ],
  ['a Kubernetes library call', { rule: "!has(self.name) || self.name.matches('^[a-z]+$')" }, null],
  ['a rule that does not parse', { rule: 'self.size <= ' }, 'error', 'compilation failed: ERROR: <input>:1:14: Syntax'],
  ['an empty rule', { rule: ' ' }, 'error', 'rule is not specified'],
  [
    'an unparsable messageExpression',
    { rule: 'true', messageExpression: "'size ' + " },
    'error',
    'messageExpression: messageExpression compilation failed',
  ],
  [
    'a messageExpression that is not a string',
    { rule: 'true', messageExpression: 'self.size' },
    'error',
    'messageExpression must evaluate to a string',
  ],
  ['a rule that is not a bool', { rule: 'self.size' }, 'error', 'cel expression must evaluate to a bool'],
  ['a type error', { rule: "self.size == 'big'" }, 'error', "found no matching overload for '_==_'"],
  ['an unknown reason', { rule: 'true', reason: 'Nope' as ValidationRule['reason'] }, 'error', 'FieldValueInvalid'],
  ['a fieldPath that is not a path', { rule: 'true', fieldPath: 'spec size' }, 'error', 'such as .name'],
  ['a fieldPath that is a path', { rule: 'true', fieldPath: '.size' }, null],
  ['a fieldPath below a number', { rule: 'true', fieldPath: ".size['x']" }, 'error', 'no property "x"'],
  [
    'optionalOldSelf without oldSelf',
    { rule: 'self.size > 0', optionalOldSelf: true },
    'error',
    'optionalOldSelf: may not be set if oldSelf is not used in rule',
  ],
  [
    'optionalOldSelf with a plain oldSelf',
    { rule: 'self.size >= oldSelf.size', optionalOldSelf: true },
    'error',
    "found no matching overload for '_>=_' applied to '(int, optional_type(int))'",
  ],
  ['a rule naming a field that does not exist', { rule: 'self.sise <= 5' }, 'error', "undefined field 'sise'"],
  ['a multi-line message', { rule: 'true', message: 'a\nb' }, 'error', 'single line'],
];

describe('validateCelRules', () => {
  for (const [name, rule, severity, part] of rows) {
    test(name, () => {
      const issues = validateCelRules('v1', withRules([rule]));
      if (severity === null) return assert.deepEqual(issues, []);
      // the API server may say more than one thing (a rule that does not compile does not use oldSelf either)
      assert.ok(issues.length > 0);
      for (const i of issues)
        assert.deepEqual([i.path, i.severity], ['v1: .spec x-kubernetes-validations[0]', severity]);
      assert.ok(
        issues.some((i) => i.message.includes(part!)),
        issues.map((i) => i.message).join('\n'),
      );
    });
  }
  test('a rule over the per-rule cost limit, in the API server words', () => {
    const list: JSONSchemaProps = {
      type: 'object',
      properties: {
        tags: {
          type: 'array',
          items: { type: 'string' },
          'x-kubernetes-validations': [{ rule: 'self.all(a, self.all(b, a != b || a == b))' }],
        },
      },
    };
    const messages = validateCelRules('v1', list).map((i) => `${i.path}: ${i.message}`);
    assert.ok(
      messages.includes(
        'v1: .tags x-kubernetes-validations[0]: estimated rule cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
      ),
      messages.join('\n'),
    );
    assert.ok(messages.some((m) => m.startsWith('v1: .: x-kubernetes-validations estimated rule cost total')));
  });
  test('oldSelf under a list that cannot be correlated', () => {
    const s: JSONSchemaProps = {
      type: 'object',
      properties: {
        tags: {
          type: 'array',
          items: { type: 'string', maxLength: 5, 'x-kubernetes-validations': [{ rule: 'self == oldSelf' }] },
        },
      },
    };
    assert.deepEqual(
      validateCelRules('v1', s).map((i) => `${i.path}: ${i.message}`),
      [
        'v1: .tags[*] x-kubernetes-validations[0]: oldSelf cannot be used on the uncorrelatable portion of the schema within openAPIV3Schema.properties[tags]',
      ],
    );
  });
  test('a default its own rules refuse, as the API server refuses the CRD', () => {
    const config = (d: JSONSchemaProps): JSONSchemaProps => ({
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: { config: { type: 'object', properties: { level: { type: 'integer' } }, ...d } },
        },
      },
    });
    const rule = { rule: 'self.level > 0' };
    assert.deepEqual(
      validateCelRules('v1', config({ default: {}, 'x-kubernetes-validations': [rule] })).map(
        (i) => `${i.path}: ${i.message}`,
      ),
      [
        'v1: .spec.config: the API server refuses the default: no such key: level evaluating rule: self.level > 0; change the default or the rule',
      ],
    );
    assert.deepEqual(validateCelRules('v1', config({ default: { level: 1 }, 'x-kubernetes-validations': [rule] })), []);
    assert.deepEqual(
      validateCelRules(
        'v1',
        config({ default: {}, 'x-kubernetes-validations': [{ rule: '!has(self.level) || self.level > 0' }] }),
      ),
      [],
    );
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
  test('a messageExpression gives the message, a fieldPath the place', () => {
    const s = withRules([
      { rule: 'self.size <= 5', messageExpression: "'size ' + string(self.size) + ' is over 5'", fieldPath: '.size' },
    ]);
    assert.deepEqual(validateSample('v1', s, { spec: { size: 7 } }), [
      { path: 'sample v1: .spec.size', message: 'size 7 is over 5', severity: 'error' },
    ]);
  });
  test('schema violations of the sample are errors too', () => {
    const issues = validateSample('v1', schema, { spec: { size: 'big' } });
    assert.equal(issues[0]?.path, 'sample v1: .spec.size');
    assert.match(issues[0]?.message ?? '', /the field is integer/);
  });
  test("Kubernetes' own functions run", () => {
    const s = withRules([{ rule: "quantity(string(self.size)).isGreaterThan(quantity('1'))", message: 'over 1' }]);
    assert.deepEqual(validateSample('v1', s, { spec: { size: 0 } }), [
      { path: 'sample v1: .spec', message: 'over 1', severity: 'error' },
    ]);
  });
  test('transition rules do not run on a new object', () => {
    assert.deepEqual(validateSample('v1', withRules([{ rule: 'self == oldSelf' }]), { spec: { size: 1 } }), []);
  });
  test('without the module, no CEL verdict at all', () => {
    installCelEngine(undefined as unknown as CelEngine);
    try {
      assert.deepEqual(validateSample('v1', schema, { spec: { size: 7 } }), []);
      assert.deepEqual(validateCelRules('v1', withRules([{ rule: 'self.sise <= 5' }])), []);
    } finally {
      installCelEngine(engine);
    }
  });
});

test('fieldPath must lead to a field under the rule', () => {
  const spec = {
    type: 'object',
    properties: {
      owner: {
        type: 'string',
        maxLength: 10,
        'x-kubernetes-validations': [{ rule: 'self.size() > 0', fieldPath: '.owner' }],
      },
      ports: { type: 'array', items: { type: 'object', properties: { port: { type: 'integer' } } } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
    },
    'x-kubernetes-validations': [
      { rule: 'true', fieldPath: '.ports[0].port' },
      { rule: 'true', fieldPath: ".labels['app']" },
      { rule: 'true', fieldPath: '.missing' },
    ],
  } as const;
  const messages = validateCelRules('v1', spec as never).map((i) => `${i.path}: ${i.message}`);
  assert.deepEqual(messages.sort(), [
    'v1: . x-kubernetes-validations[2]: fieldPath ".missing" must lead to a field under this one: this field has no property "missing"',
    'v1: .owner x-kubernetes-validations[0]: fieldPath ".owner" must lead to a field under this one: this field has no property "owner"',
  ]);
});

describe('the conformance corpus: real CRDs, whose rules their API servers compiled', () => {
  let rules = 0;
  for (const file of corpusFiles())
    test(`the rules of ${file.name} compile, within the cost limits`, () => {
      const crd = parse(file.text) as {
        spec?: { versions?: { name: string; schema?: { openAPIV3Schema?: JSONSchemaProps } }[] };
      };
      for (const v of crd.spec?.versions ?? []) {
        const compiled = engine.compileRules(v.schema?.openAPIV3Schema ?? {});
        rules += compiled.rules.length;
        assert.deepEqual(
          compiled.problems.map((p) => p.text),
          [],
          `${file.name} ${v.name}`,
        );
      }
    });
  test('the corpus has many rules (gateway-api alone has 178)', () => assert.ok(rules > 190, `only ${rules} rules`));
});
