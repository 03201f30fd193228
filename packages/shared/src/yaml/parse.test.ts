import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseYaml } from './parse';

test('reads scalars the way Kubernetes does: quoted stays string, yes/on are booleans', () => {
  const r = parseYaml('a: "True"\nb: yes\nc: off\nd: 1.5\ne: 10\nf: null\ng: "1"\nh: 1.3.6.1\n');
  assert.ok(r.ok);
  assert.deepEqual(r.value, { a: 'True', b: true, c: false, d: 1.5, e: 10, f: null, g: '1', h: '1.3.6.1' });
});

test('bad YAML is a one-line message with the line, never an exception', () => {
  for (const [text, pattern] of [
    ['a: 1\na: 2\n', /line 2/],
    ['a: [1, 2\n', /not valid YAML/],
    ['', /empty/],
    ['a: 1\n---\nb: 2\n', /expected one YAML document, found 2/],
  ] as const) {
    const r = parseYaml(text);
    assert.ok(!r.ok);
    assert.match(r.message, pattern);
    assert.ok(!r.message.includes('\n'));
  }
});

test('a mapping or a list used as a key is refused on one line with its line, not turned into a string key', () => {
  const mapKey = parseYaml('kind: OperatorDesign\n?\n  group: cache\n  names:\n    kind: Memcached\n: 1\n');
  assert.deepEqual(mapKey, {
    ok: false,
    message: 'not valid YAML (line 3): a key must be a plain value, not a mapping',
  });
  const listKey = parseYaml('spec:\n  ? [a, b]\n  : 1\n');
  assert.deepEqual(listKey, { ok: false, message: 'not valid YAML (line 2): a key must be a plain value, not a list' });
  // a scalar key that looks like one is still a key
  assert.deepEqual(parseYaml('"{a: 1}": 2\n'), { ok: true, value: { '{a: 1}': 2 } });
});

test('hostile YAML is refused quickly with a clear message: an alias bomb, deep nesting', () => {
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 9; i++)
    bomb.push(
      `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(',')}]`,
    );
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  for (const [text, pattern] of [
    [bomb.join('\n'), /alias/i],
    [deep, /nested deeper than 100 levels/],
  ] as const) {
    const start = performance.now();
    const r = parseYaml(text);
    assert.ok(!r.ok);
    assert.match(r.message, pattern);
    assert.ok(performance.now() - start < 1000, 'refused within a second');
  }
  const fine = `${'['.repeat(100)}1${']'.repeat(100)}`;
  assert.ok(parseYaml(fine).ok, '100 levels are allowed');
});

test('exactIntegers: an integer beyond 2^53 comes back as a bigint, digit for digit; safe ones stay numbers', () => {
  const r = parseYaml('a: 9223372036854775807\nb: -9007199254740993\nc: 12\nd: 1.5\ne: "9223372036854775807"\n', {
    exactIntegers: true,
  });
  assert.ok(r.ok);
  assert.deepEqual(r.value, {
    a: 9223372036854775807n,
    b: -9007199254740993n,
    c: 12,
    d: 1.5,
    e: '9223372036854775807',
  });
  const plain = parseYaml('a: 9223372036854775807\n');
  assert.ok(plain.ok);
  assert.deepEqual(plain.value, { a: 2 ** 63 }, 'the nearest double');
});

test('empty documents are skipped as kubectl skips them; an explicit null still counts', () => {
  for (const text of ['a: 1\n---\n', '---\n---\na: 1\n', 'a: 1\n---\n# only a comment\n', '---\na: 1\n---\n---\n']) {
    const r = parseYaml(text);
    assert.ok(r.ok, text);
    assert.deepEqual(r.value, { a: 1 }, text);
  }
  for (const text of ['---\nnull\n---\na: 1\n', 'a: 1\n---\n~\n', 'a: 1\n---\n!!null\n']) {
    const r = parseYaml(text);
    assert.ok(!r.ok, text);
    assert.match(r.message, /expected one YAML document, found 2/);
  }
});
