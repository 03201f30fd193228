import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyWatchEvent, sortedItems } from './apply-watch-event';

type Row = { uid: string; name: string; size?: number };
const row = (name: string, size = 1): Row => ({ uid: `u-${name}`, name, size });
const byName = (a: Row, b: Row) => a.name.localeCompare(b.name);

test('a snapshot, then upserts by uid and deletes', () => {
  let list = applyWatchEvent<Row>(undefined, { type: 'snapshot', items: [row('b'), row('a')] });
  list = applyWatchEvent(list, { type: 'upsert', item: row('c') });
  list = applyWatchEvent(list, { type: 'upsert', item: row('a', 5) });
  list = applyWatchEvent(list, { type: 'delete', item: row('b') });
  assert.deepEqual(sortedItems(list, byName), [row('a', 5), row('c')]);
});

test('a later snapshot replaces the list: rows it does not name are gone', () => {
  let list = applyWatchEvent<Row>(undefined, { type: 'snapshot', items: [row('a'), row('b')] });
  list = applyWatchEvent(list, { type: 'snapshot', items: [row('z')] });
  assert.deepEqual(
    sortedItems(list, byName).map((r) => r.name),
    ['z'],
  );
});

test('the old list is never changed, and deleting what is not there changes nothing', () => {
  const before = applyWatchEvent<Row>(undefined, { type: 'snapshot', items: [row('a')] });
  const after = applyWatchEvent(before, { type: 'upsert', item: row('b') });
  assert.equal(before.size, 1);
  assert.equal(after.size, 2);
  assert.equal(applyWatchEvent(after, { type: 'delete', item: row('x') }), after);
  assert.deepEqual(applyWatchEvent<Row>(undefined, { type: 'delete', item: row('x') }).size, 0);
});
