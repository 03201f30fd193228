import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KindRows } from './kind-rows';
import type { ResourceRow } from './types';

const row = (uid: string, name: string, rv: string, namespace: string | null = 'a'): ResourceRow => ({
  uid,
  name,
  namespace,
  creationTimestamp: null,
  deletionTimestamp: null,
  generation: 1,
  observedGeneration: null,
  resourceVersion: rv,
  columns: [],
  conditions: [],
});

test('rows sorted by namespace and name, the same array until something changes', () => {
  const rows = new KindRows();
  rows.upsert(row('1', 'b', '10', 'b'));
  rows.upsert(row('2', 'c', '11'));
  rows.upsert(row('3', 'a', '12'));
  const first = rows.list();
  assert.deepEqual(
    first.map((r) => r.name),
    ['a', 'c', 'b'],
  );
  assert.equal(rows.list(), first, 'no change: no new sort');
  assert.equal(rows.upsert(row('2', 'c', '11')), false, 'a relist repeats a row: nothing changes');
  assert.equal(rows.list(), first);
  assert.deepEqual(
    rows.list('b').map((r) => r.uid),
    ['1'],
  );
  assert.equal(rows.upsert(row('2', 'c', '13')), true);
  assert.notEqual(rows.list(), first);
  assert.equal(rows.delete(row('3', 'a', '14')), true);
  assert.deepEqual(
    rows.list().map((r) => r.name),
    ['c', 'b'],
  );
  assert.equal(rows.resourceVersion, '14');
});

test('a reader waits until the cache has seen a write, or gives up', async () => {
  const rows = new KindRows();
  rows.upsert(row('1', 'a', '5'));
  assert.equal(await rows.until(() => rows.seen('5'), 10), true);
  const waiting = rows.until(() => rows.seen('7'), 1000);
  rows.upsert(row('2', 'b', '7'));
  assert.equal(await waiting, true);
  const gone = rows.until(() => !rows.has('1'), 1000);
  rows.delete(row('1', 'a', '8'));
  assert.equal(await gone, true);
  assert.equal(await rows.until(() => rows.seen('99'), 20), false, 'timed out');
});
