/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { emitYaml } from './emit';
import { compareGoKeys } from './go-sort';
import { formatGoNumber } from './go-number';

// testdata/goyaml-cases.expected.yaml was written by go.yaml.in/yaml/v2 v2.4.3 (the library
// under sigs.k8s.io/yaml 1.6, which controller-gen uses) from goyaml-cases.json, with the
// program in goyaml-oracle/ (emit.oracle.test.ts builds it); goyaml-cases.mjs.txt (a node script) generates the JSON.
test('matches go-yaml v2 byte for byte on the tricky-case table', () => {
  const input = JSON.parse(readFileSync(new URL('testdata/goyaml-cases.json', import.meta.url), 'utf8')) as Record<
    string,
    never
  >;
  const expected = readFileSync(new URL('testdata/goyaml-cases.expected.yaml', import.meta.url), 'utf8');
  assert.equal(emitYaml(input), expected);
});

test('quotes strings that YAML 1.1 would read as something else', () => {
  assert.equal(
    emitYaml({ a: 'True', b: 'yes', c: '1', d: 'null', e: '0x1', f: '', g: 'plain' }),
    'a: "True"\nb: "yes"\nc: "1"\nd: "null"\ne: "0x1"\nf: ""\ng: plain\n',
  );
});

test('single-quotes strings with indicator characters, doubling inner quotes', () => {
  assert.equal(
    emitYaml({ a: '- x', b: "'it's'", c: 'a: b', d: '*x' }),
    "a: '- x'\nb: '''it''s'''\nc: 'a: b'\nd: '*x'\n",
  );
});

test('sequences under a key are not indented; empty collections are flow style', () => {
  assert.equal(
    emitYaml({ a: [{ b: 1, c: [] }, 'x'], d: {} }, { documentStart: true }),
    '---\na:\n- b: 1\n  c: []\n- x\nd: {}\n',
  );
});

test('multi-line strings are literal blocks with the right chomping and indent hints', () => {
  assert.equal(emitYaml({ a: 'x\ny' }), 'a: |-\n  x\n  y\n');
  assert.equal(emitYaml({ a: 'x\ny\n' }), 'a: |\n  x\n  y\n');
  assert.equal(emitYaml({ a: 'x\n\n' }), 'a: |+\n  x\n\n');
  assert.equal(emitYaml({ a: ' x\ny' }), 'a: |2-\n   x\n  y\n');
  assert.equal(emitYaml({ a: 'x \ny' }), 'a: "x \\ny"\n');
});

test('long plain scalars fold at the first space past column 80', () => {
  const words = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
  const out = emitYaml({ description: words });
  const lines = out.trimEnd().split('\n');
  assert.ok(lines.length > 1);
  assert.ok(lines[0]!.length > 80 && !lines[0]!.slice(0, 80).endsWith(' '));
  assert.ok(lines[1]!.startsWith('  w'));
});

test('keys sort in go-yaml order: non-letters first, digit runs as numbers', () => {
  assert.deepEqual(['b', 'B', 'a10', 'a2', '_x', 'x-b', 'x-a'].sort(compareGoKeys), [
    '_x',
    'B',
    'a2',
    'a10',
    'b',
    'x-a',
    'x-b',
  ]);
});

test('integers go by the digits Go prints: within int64/uint64 plain, else a float (emit.oracle.test.ts)', () => {
  assert.deepEqual([-(2 ** 63), 2 ** 63, 2 ** 64, 1e20].map(formatGoNumber), [
    '-9.223372036854776e+18',
    '9223372036854776000',
    '1.8446744073709552e+19',
    '1e+20',
  ]);
  assert.deepEqual([-(2n ** 63n), 2n ** 64n - 1n, 2n ** 64n, 2n ** 53n + 1n].map(formatGoNumber), [
    '-9223372036854775808',
    '18446744073709551615',
    '1.8446744073709552e+19',
    '9007199254740993',
  ]);
});

test('numbers are written as Go writes them', () => {
  assert.deepEqual([1, -0, 1.5, 1e-7, 1234567.5, 1e21, 0.0001].map(formatGoNumber), [
    '1',
    '0',
    '1.5',
    '1e-07',
    '1.2345675e+06',
    '1e+21',
    '0.0001',
  ]);
});

test('keys go-yaml cannot order consistently come out the same whatever order the object holds them in (found by the property test)', () => {
  // "3A", "4" and "30" are not a strict weak order under go-yaml's Less; JS objects also move
  // integer-like keys first, so a round trip through an object changes their order.
  const a = emitYaml({ '': false, '3A': false, '4': 0, '30': null });
  const b = emitYaml(JSON.parse('{"4":0,"30":null,"3A":false,"":false}') as Record<string, unknown> as never);
  const c = emitYaml(
    Object.fromEntries([
      ['3A', false],
      ['', false],
      ['30', null],
      ['4', 0],
    ]) as never,
  );
  assert.equal(b, a);
  assert.equal(c, a);
});
