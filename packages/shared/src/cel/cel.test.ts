/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { corpusFiles } from '../testing/corpus';
import { celFieldName, checkCel, evaluateCel, parseCel } from './index';
import type { JSONSchemaProps } from '../crd/types';

function collectRules(node: unknown, path: string, out: { path: string; rule: string; schema?: unknown }[]): void {
  if (Array.isArray(node)) node.forEach((n, i) => collectRules(n, `${path}[${i}]`, out));
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (k === 'x-kubernetes-validations' && Array.isArray(v)) {
        for (const r of v as { rule: string; messageExpression?: string }[]) {
          out.push({ path, rule: r.rule, schema: node });
          if (r.messageExpression) out.push({ path: `${path} (messageExpression)`, rule: r.messageExpression });
        }
      }
      collectRules(v, `${path}.${k}`, out);
    }
  }
}

describe('parseCel over the conformance corpus', () => {
  const files = corpusFiles();
  test('the corpus is there', () => assert.ok(files.length >= 10));
  let total = 0;
  for (const file of files) {
    test(`every rule of ${file.name} parses`, () => {
      const rules: { path: string; rule: string; schema?: unknown }[] = [];
      collectRules(parse(file.text), '', rules);
      total += rules.length;
      const failures = rules
        .map((r) => ({ path: r.path, rule: r.rule, result: parseCel(r.rule) }))
        .filter((r) => !r.result.ok);
      assert.deepEqual(failures, []);
      const isRoot = (p: string) => /^\.spec\.versions\[\d+\]\.schema\.openAPIV3Schema$/.test(p);
      const unknownFields = rules
        .filter((r) => r.schema !== undefined)
        .map((r) => ({
          path: r.path,
          rule: r.rule,
          result: checkCel(r.rule, r.schema as JSONSchemaProps, { isRoot: isRoot(r.path) }),
        }))
        .filter((r) => !r.result.ok && r.result.unknownField);
      assert.deepEqual(unknownFields, [], 'no rule of a real CRD names a field its schema lacks');
    });
  }
  test('the corpus has many rules (gateway-api alone has 178)', () =>
    assert.ok(total > 190, `only ${total} rules found`));
});

describe('parseCel: Kubernetes syntax', () => {
  const accepted = [
    'self.size > 0 && has(self.spec)',
    'self == oldSelf',
    'self.all(x, x > 0) && self.exists(x, x == 1) && self.exists_one(x, x == 2)',
    'self.map(x, x * 2).filter(y, y > 2).size() > 0',
    'self.isSorted()',
    "url(self.endpoint).getHost() != ''",
    "quantity(self.memory).isGreaterThan(quantity('1Gi'))",
    "self.name.matches('^[a-z]+$') && self.name.lowerAscii() == self.name",
    '!oldSelf.hasValue() || oldSelf.value() == self',
    'self.?spec.?replicas.orValue(1) >= 1',
    "self[?'key'].orValue('') == ''",
  ];
  for (const rule of accepted) test(`accepts ${rule}`, () => assert.deepEqual(parseCel(rule), { ok: true }));

  test('a syntax error gives a message and the offset', () => {
    const r = parseCel('self.size > ');
    assert.equal(r.ok, false);
    assert.ok(!r.ok && r.message.length > 0 && !r.message.includes('\n'));
    assert.equal(!r.ok && r.offset, 12);
  });
  test('an unterminated string is an error', () => assert.equal(parseCel("self.name == 'abc").ok, false));
  test('an empty rule is an error that says what to write', () => {
    const r = parseCel('  ');
    assert.ok(!r.ok && r.message.includes('CEL expression'));
  });
});

describe('checkCel: rules against their schema', () => {
  const spec: JSONSchemaProps = {
    type: 'object',
    properties: {
      size: { type: 'integer' },
      'max-surge': { 'x-kubernetes-int-or-string': true },
      ports: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  };
  const known = [
    'self.size <= 5',
    'self.max__dash__surge != 0',
    "self.ports.all(p, p.name != '')",
    "self.labels['a'] == 'b'",
    'self.free.anything == 1',
    "quantity('1').isZero()",
    'self == oldSelf',
    '!has(self.size) || self.size > 0',
  ];
  // Only unknown fields are reported; other type errors (Kubernetes functions the library
  // lacks, object == dyn) stay the API server's call.
  for (const rule of known) {
    test(`finds no unknown field in ${rule}`, () => {
      const r = checkCel(rule, spec);
      assert.ok(r.ok || !r.unknownField, JSON.stringify(r));
    });
  }
  test('a misspelt field is an unknown field, with its offset', () => {
    const r = checkCel('self.sise <= 5', spec);
    assert.equal(r.ok, false);
    assert.ok(!r.ok && r.unknownField && r.message.includes('sise'));
  });
  test('a field of list items is checked too', () => {
    const r = checkCel("self.ports.all(p, p.nmae != '')", spec);
    assert.ok(!r.ok && r.unknownField);
  });
  test('the root sees apiVersion, kind, metadata.name', () => {
    assert.deepEqual(
      checkCel(
        "self.metadata.name.startsWith('a') && self.kind != ''",
        { type: 'object', properties: { spec: spec } },
        { isRoot: true },
      ),
      { ok: true },
    );
  });
  test('Kubernetes escapes odd field names', () => {
    assert.equal(celFieldName('max-surge'), 'max__dash__surge');
    assert.equal(celFieldName('a.b/c__d'), 'a__dot__b__slash__c__underscores__d');
    assert.equal(celFieldName('namespace'), '__namespace__');
    assert.equal(celFieldName('has space'), undefined);
  });
});

describe('evaluateCel', () => {
  test('integers from YAML compare as CEL ints', () => {
    assert.deepEqual(evaluateCel('self.size <= 5', { self: { size: 3 } }), { ok: true, value: true });
    assert.deepEqual(evaluateCel('self.size <= 5', { self: { size: 7 } }), { ok: true, value: false });
  });
  test('a number field compares as a double', () => {
    const r = evaluateCel(
      'self.ratio > 0.5',
      { self: { ratio: 1 } },
      { type: 'object', properties: { ratio: { type: 'number' } } },
    );
    assert.deepEqual(r, { ok: true, value: true });
  });
  test('date-time fields are timestamps', () => {
    const schema: JSONSchemaProps = { type: 'object', properties: { at: { type: 'string', format: 'date-time' } } };
    const r = evaluateCel(
      "self.at > timestamp('2020-01-01T00:00:00Z')",
      { self: { at: '2021-06-01T00:00:00Z' } },
      schema,
    );
    assert.deepEqual(r, { ok: true, value: true });
  });
  test('transition rules see oldSelf', () => {
    assert.deepEqual(evaluateCel('self == oldSelf', { self: 'a', oldSelf: 'b' }), { ok: true, value: false });
  });
  test('Kubernetes list extensions run', () => {
    assert.deepEqual(evaluateCel('self.isSorted()', { self: [1, 2, 3] }), { ok: true, value: true });
    assert.deepEqual(evaluateCel('self.isSorted()', { self: [3, 1] }), { ok: true, value: false });
  });
  test('optional syntax runs', () => {
    assert.deepEqual(evaluateCel("self.?x.orValue('d')", { self: {} }), { ok: true, value: 'd' });
  });
  test('functions the library lacks are unsupported, not failures', () => {
    const r = evaluateCel("quantity(self.mem).isGreaterThan(quantity('1Gi'))", { self: { mem: '2Gi' } });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.reason, 'unsupported');
  });
  test('a missing field is an error with a message', () => {
    const r = evaluateCel('self.missing == 1', { self: {} });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.reason, 'error');
  });
});
