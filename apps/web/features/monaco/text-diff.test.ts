import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minimalEdit } from './text-diff';

const apply = (s: string, e: ReturnType<typeof minimalEdit>) =>
  e === null ? s : s.slice(0, e.start) + e.text + s.slice(e.end);

test('the smallest replacement between two texts', () => {
  assert.equal(minimalEdit('abc', 'abc'), null);
  assert.deepEqual(minimalEdit('kind: Memcached\n', 'kind: Memcache\n'), { start: 14, end: 15, text: '' });
  assert.deepEqual(minimalEdit('a: 1\n', 'a: 1\nb: 2\n'), { start: 5, end: 5, text: 'b: 2\n' });
  for (const [a, b] of [
    ['aaa', 'aa'],
    ['', 'x'],
    ['xyz', ''],
    ['abcabc', 'abXabc'],
    ['same\nsame', 'same\nsame\nsame'],
  ] as const) {
    assert.equal(apply(a, minimalEdit(a, b)), b, `${a} → ${b}`);
  }
});
