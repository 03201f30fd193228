import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bestScore, matchScore } from './match';

const order = (query: string, labels: string[]) =>
  labels
    .map((l) => ({ l, s: matchScore(query, l) }))
    .filter((x) => x.s !== null)
    .sort((a, b) => (b.s ?? 0) - (a.s ?? 0))
    .map((x) => x.l);

test('exact beats prefix beats word start beats substring beats letters in order', () => {
  assert.deepEqual(order('cache', ['Memcached', 'cachedThing', 'NodeCache', 'my-cache', 'cache', 'c-a-c-h-e', 'xyz']), [
    'cache',
    'cachedThing',
    'my-cache', // a word start (after "-"), shorter than NodeCache
    'NodeCache', // a camelCase word start
    'Memcached', // inside a word
    'c-a-c-h-e', // letters in order only
  ]);
});

test('case does not matter; no match is null; an empty query matches everything', () => {
  assert.equal(matchScore('MEMC', 'memcached') !== null, true);
  assert.equal(matchScore('zz', 'memcached'), null);
  assert.equal(matchScore('   ', 'anything'), 0);
});

test('within a tier the shorter label comes first; fewer gaps rank a fuzzy match higher', () => {
  assert.deepEqual(order('memc', ['MemcachedBackup', 'Memcached']), ['Memcached', 'MemcachedBackup']);
  assert.deepEqual(order('mcd', ['mxxxxxxxcxd', 'mcxd']), ['mcxd', 'mxxxxxxxcxd']);
});

test('a keyword match counts, but below the same match on the label', () => {
  const onLabel = bestScore('cache', 'cache-1', []);
  const onKeyword = bestScore('cache', 'Memcached sample', ['cache-1']);
  assert.ok(onLabel !== null && onKeyword !== null && onLabel > onKeyword);
  assert.equal(bestScore('nothing', 'a', ['b']), null);
  // letters in order do not count in the extra words
  assert.equal(bestScore('mem', 'WebApp', ['apps.example.com']), null);
});
