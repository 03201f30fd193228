/// <reference types="node" />
// checkRules with the CEL module loaded: a create and an update of a custom resource as the
// resource form checks them (the API server's own validator), each error at its field.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import type { JSONSchemaProps } from '../crd/types';
import { checkRules, hasRules, valuePathOf } from './rule-check';

const engine = await loadCel();

const schema: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      'x-kubernetes-validations': [
        {
          rule: 'self.size <= oldSelf.size + 2',
          messageExpression:
            "'size can grow by at most 2 at a time, not from ' + string(oldSelf.size) + ' to ' + string(self.size)",
        },
      ],
      properties: {
        size: { type: 'integer' },
        image: { type: 'string', maxLength: 20 },
        labels: {
          type: 'object',
          additionalProperties: {
            type: 'string',
            'x-kubernetes-validations': [{ rule: "self != 'bad'", message: 'labels must not be bad' }],
          },
        },
        ports: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: {
                type: 'string',
                maxLength: 15,
                'x-kubernetes-validations': [
                  { rule: "self.matches('^[a-z]+$')", message: 'port names are lower-case letters' },
                ],
              },
            },
          },
        },
      },
    },
    status: { type: 'object', properties: { ready: { type: 'integer' } } },
  },
};

const object = (spec: Record<string, unknown>, status?: Record<string, unknown>) => ({
  apiVersion: 'x.example.com/v1',
  kind: 'X',
  metadata: { name: 'a', namespace: 'n' },
  spec,
  ...(status !== undefined ? { status } : {}),
});

describe('checkRules', () => {
  test('a create: each failing rule with its message at its field, map keys and list items resolved', () => {
    const obj = object({
      size: 1,
      labels: { 'app.kubernetes.io/tier': 'bad' },
      ports: [{ name: 'ok' }, { name: 'Http' }],
    });
    const got = checkRules(engine, { schema, object: obj, oldObject: null });
    assert.deepEqual(
      got.errors.map((e) => [e.field, e.path, e.detail, e.rule]),
      [
        [
          'spec.labels[app.kubernetes.io/tier]',
          ['spec', 'labels', 'app.kubernetes.io/tier'],
          'labels must not be bad',
          true,
        ],
        ['spec.ports[1].name', ['spec', 'ports', 1, 'name'], 'port names are lower-case letters', true],
      ],
    );
    assert.equal(got.errors[1]?.text, 'spec.ports[1].name: Invalid value: "Http": port names are lower-case letters');
    // a transition rule does not run on a create
    assert.deepEqual(got.warnings, []);
  });

  test('an update: a transition rule sees oldSelf and says its messageExpression; an unchanged bad value is only a warning', () => {
    const old = object({ size: 1, ports: [{ name: 'Http' }] }, { ready: 1 });
    const got = checkRules(engine, {
      schema,
      object: object({ size: 4, ports: [{ name: 'Http' }] }, { ready: 1 }),
      oldObject: old,
    });
    assert.deepEqual(
      got.errors.map((e) => e.text),
      ['spec: Invalid value: size can grow by at most 2 at a time, not from 1 to 4'],
    );
    assert.deepEqual(got.errors[0]?.path, ['spec']);
    assert.deepEqual(got.warnings, ['spec.ports[0].name: Invalid value: "Http": port names are lower-case letters']);
    const ok = checkRules(engine, { schema, object: object({ size: 3, ports: [{ name: 'Http' }] }), oldObject: old });
    assert.deepEqual(ok.errors, []);
  });

  test("a schema error blocks the rules, in the API server's words", () => {
    const got = checkRules(engine, { schema, object: object({ size: 1, image: 'x'.repeat(30) }), oldObject: null });
    assert.deepEqual(
      got.errors.map((e) => [e.field, e.rule]),
      [
        ['spec.image', false],
        ['', false],
      ],
    );
    assert.match(got.errors[1]?.detail ?? '', /some validation rules were not checked because the object was invalid/);
    assert.deepEqual(got.errors[1]?.path, []);
  });

  test('a rule the module does not compile is not checked, not an error of the object', () => {
    const bad: JSONSchemaProps = {
      type: 'object',
      properties: { spec: { type: 'object', 'x-kubernetes-validations': [{ rule: 'self.nosuchfield == 1' }] } },
    };
    const got = checkRules(engine, { schema: bad, object: object({}), oldObject: null });
    assert.deepEqual(got.errors, []);
    assert.equal(got.unchecked.length, 1);
    assert.match(got.unchecked[0]!, /rule compile error/);
  });

  test('a schema that is not structural is not checked, and says why', () => {
    const got = checkRules(engine, {
      schema: { type: 'object', properties: { spec: {} } },
      object: object({}),
      oldObject: null,
    });
    assert.match(got.notRun ?? '', /not structural/);
  });
});

test('hasRules finds a rule at any depth', () => {
  assert.equal(hasRules(schema), true);
  assert.equal(hasRules({ type: 'object', properties: { spec: { type: 'object' } } }), false);
  assert.equal(hasRules({ properties: { a: { items: { 'x-kubernetes-validations': [{ rule: 'true' }] } } } }), true);
});

describe('valuePathOf', () => {
  const obj = { spec: { 'a.b': { c: 1 }, m: { 'k[1]': 'v', '0': 'zero' }, list: [{ x: 1 }, { x: 2 }] } };
  const rows: [string, (string | number)[]][] = [
    ['', []],
    ['spec', ['spec']],
    ['spec.a.b.c', ['spec', 'a.b', 'c']],
    ['spec.m[k[1]]', ['spec', 'm', 'k[1]']],
    ['spec.m[0]', ['spec', 'm', '0']],
    ['spec.list[1].x', ['spec', 'list', 1, 'x']],
    ['spec.gone[3].y', ['spec', 'gone', 3, 'y']],
    ['spec.m[absent]', ['spec', 'm', 'absent']],
  ];
  for (const [field, path] of rows)
    test(`${field || '(the object)'} → ${JSON.stringify(path)}`, () => assert.deepEqual(valuePathOf(field, obj), path));
});
