import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyWatchEvent } from './apply-watch-event';
import { snapshotPages } from './snapshot-pages';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ uid: `u${i}`, name: `r${String(i).padStart(5, '0')}` }));

test('a list that fits the first page is one plain snapshot', () => {
  assert.deepEqual(snapshotPages(rows(3), { first: 3, rest: 2 }), [{ type: 'snapshot', items: rows(3) }]);
  assert.deepEqual(snapshotPages([], { first: 3, rest: 2 }), [{ type: 'snapshot', items: [] }]);
});

test('a long list: the first page, then pages in order; all but the last say more and the total', () => {
  const pages = snapshotPages(rows(8), { first: 3, rest: 2 });
  assert.deepEqual(
    pages.map((p) => [p.type, p.items.map((r) => r.uid).join(','), p.more?.total]),
    [
      ['snapshot', 'u0,u1,u2', 8],
      ['page', 'u3,u4', 8],
      ['page', 'u5,u6', 8],
      ['page', 'u7', undefined],
    ],
  );
});

test('folding the pages gives the whole list; a later snapshot still replaces it', () => {
  let list = applyWatchEvent(undefined, { type: 'snapshot', items: rows(1) });
  for (const page of snapshotPages(rows(10_001))) list = applyWatchEvent(list, page);
  assert.equal(list.size, 10_001);
  assert.equal(list.get('u10000')?.name, 'r10000');
  list = applyWatchEvent(list, snapshotPages(rows(2))[0]!);
  assert.deepEqual([...list.keys()], ['u0', 'u1']);
});

test('page sizes below one are refused', () => {
  assert.throws(() => snapshotPages(rows(2), { first: 0, rest: 5 }), RangeError);
});
