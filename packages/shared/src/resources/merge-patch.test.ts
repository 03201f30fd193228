import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMergePatch, mergePatchOf } from './merge-patch';

test('a changed field, a new field and a removed field make a minimal merge patch', () => {
  const before = { spec: { size: 3, image: 'memcached', extra: { a: 1 } } };
  const after = { spec: { size: 5, image: 'memcached', port: 11211 } };
  assert.deepEqual(mergePatchOf(before, after), { spec: { size: 5, extra: null, port: 11211 } });
});

test('arrays are replaced whole and equal arrays are no change', () => {
  assert.deepEqual(mergePatchOf({ spec: { args: ['a', 'b'] } }, { spec: { args: ['a', 'c'] } }), {
    spec: { args: ['a', 'c'] },
  });
  assert.equal(mergePatchOf({ spec: { args: ['a'] } }, { spec: { args: ['a'] } }), undefined);
});

test('no change gives undefined, so Apply can be disabled', () => {
  assert.equal(
    mergePatchOf({ spec: { size: 1, nested: { x: 'y' } } }, { spec: { nested: { x: 'y' }, size: 1 } }),
    undefined,
  );
});

test('a value that becomes an object, or an object that becomes a value, is replaced', () => {
  assert.deepEqual(mergePatchOf({ spec: { v: 1 } }, { spec: { v: { a: 1 } } }), { spec: { v: { a: 1 } } });
  assert.deepEqual(mergePatchOf({ spec: { v: { a: 1 } } }, { spec: { v: 'x' } }), { spec: { v: 'x' } });
});

test('applying the patch of before → after to before gives after (RFC 7386 round trip)', () => {
  const before = { spec: { size: 3, image: 'memcached', extra: { a: 1 }, args: ['a'] }, metadata: { name: 'm' } };
  const after = { spec: { size: 5, image: 'memcached', port: 11211, args: ['b', 'c'] }, metadata: { name: 'm' } };
  assert.deepEqual(applyMergePatch(before, mergePatchOf(before, after)), after);
});

test('applying a patch removes null keys, merges objects and leaves the target untouched', () => {
  const target = { spec: { size: 3, labels: { a: '1', b: '2' } } };
  assert.deepEqual(applyMergePatch(target, { spec: { labels: { a: null, c: '3' } } }), {
    spec: { size: 3, labels: { b: '2', c: '3' } },
  });
  assert.deepEqual(target, { spec: { size: 3, labels: { a: '1', b: '2' } } });
  assert.deepEqual(applyMergePatch({ spec: 'x' }, { spec: { size: 1 } }), { spec: { size: 1 } });
});
