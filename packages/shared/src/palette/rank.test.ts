import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRecent, pushRecent, rankPalette, type PaletteItem } from './rank';

const items: PaletteItem[] = [
  { id: 'page:/', group: 'Pages', label: 'Cluster' },
  { id: 'page:/designs', group: 'Pages', label: 'Designs' },
  { id: 'kind:memcacheds.cache.example.com', group: 'Kinds', label: 'Memcached', detail: 'cache.example.com' },
  { id: 'kind:webapps.apps.example.com', group: 'Kinds', label: 'WebApp', detail: 'apps.example.com' },
  { id: 'design:d1', group: 'Designs', label: 'memcached operator' },
  { id: 'cmd:new-design', group: 'Commands', label: 'New design' },
];
const shown = (groups: ReturnType<typeof rankPalette>) => groups.map((g) => [g.group, g.items.map((i) => i.label)]);

test('an empty query lists every group in order, recent items first and not twice', () => {
  assert.deepEqual(shown(rankPalette(items, '', { recent: ['cmd:new-design', 'gone', 'page:/designs'] })), [
    ['Recent', ['New design', 'Designs']],
    ['Pages', ['Cluster']],
    ['Kinds', ['Memcached', 'WebApp']],
    ['Designs', ['memcached operator']],
  ]);
});

test('a query keeps the groups in their order and ranks within each', () => {
  assert.deepEqual(shown(rankPalette(items, 'mem')), [
    ['Kinds', ['Memcached']],
    ['Designs', ['memcached operator']],
  ]);
  // "design" is the Designs page (prefix), the New design command (word start), not "memcached operator" (no s)
  assert.deepEqual(shown(rankPalette(items, 'design')), [
    ['Pages', ['Designs']],
    ['Commands', ['New design']],
  ]);
});

test('the detail finds an item too (a kind by its group); groups are capped', () => {
  assert.deepEqual(shown(rankPalette(items, 'apps.example')), [['Kinds', ['WebApp']]]);
  const many = Array.from({ length: 30 }, (_, i): PaletteItem => ({
    id: `r${i}`,
    group: 'Resources',
    label: `web-${i}`,
  }));
  assert.equal(rankPalette(many, 'web', { perGroup: 5 })[0]?.items.length, 5);
});

test('recent: the chosen id moves to the front, capped; storage junk is an empty list', () => {
  assert.deepEqual(pushRecent(['a', 'b', 'c'], 'c', 3), ['c', 'a', 'b']);
  assert.deepEqual(pushRecent(['a', 'b', 'c'], 'd', 3), ['d', 'a', 'b']);
  assert.deepEqual(parseRecent('["x", 3, "y"]'), ['x', 'y']);
  assert.deepEqual(parseRecent('{"x":1}'), []);
  assert.deepEqual(parseRecent('not json'), []);
  assert.deepEqual(parseRecent(null), []);
});
