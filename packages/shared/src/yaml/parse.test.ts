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
