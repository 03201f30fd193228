import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResourceRow } from './api-types';
import { tableOrder } from './table-order';

const row = (uid: string, name: string, namespace: string | null = 'default', rv = '1'): ResourceRow => ({
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
const byUid = (...rows: ResourceRow[]) => new Map(rows.map((r) => [r.uid, r]));
const names = (rows: readonly ResourceRow[]) => rows.map((r) => `${r.namespace ?? ''}/${r.name}`);

test('rows come by namespace, then name, in the order localeCompare gives DNS names', () => {
  const rows = byUid(row('1', 'b-2', 'ns-b'), row('2', 'a.1', 'ns-a'), row('3', 'a-1', 'ns-a'), row('4', 'a0', 'ns-a'));
  assert.deepEqual(names(tableOrder(rows)), ['ns-a/a-1', 'ns-a/a.1', 'ns-a/a0', 'ns-b/b-2']);
  const sorted = [...rows.values()].sort(
    (a, b) => (a.namespace ?? '').localeCompare(b.namespace ?? '') || a.name.localeCompare(b.name),
  );
  assert.deepEqual(names(tableOrder(rows)), names(sorted));
});

test('a change to shown rows keeps the order and swaps them in; no change gives the same array', () => {
  const first = tableOrder(byUid(row('1', 'b'), row('2', 'a'), row('3', 'c')));
  const changed = row('1', 'b', 'default', '2');
  const next = tableOrder(byUid(row('2', 'a'), changed, row('3', 'c')), first);
  assert.deepEqual(names(next), ['default/a', 'default/b', 'default/c']);
  assert.equal(next[1], changed, 'the new row object');
  assert.equal(tableOrder(byUid(...next), next), next, 'unchanged: the same array (React skips the render)');
});

test('an added or deleted row sorts again', () => {
  const first = tableOrder(byUid(row('1', 'b'), row('2', 'd')));
  assert.deepEqual(names(tableOrder(byUid(row('1', 'b'), row('2', 'd'), row('3', 'a')), first)), [
    'default/a',
    'default/b',
    'default/d',
  ]);
  // same size, another set: a delete and an add folded into one batch
  assert.deepEqual(names(tableOrder(byUid(row('1', 'b'), row('3', 'a')), first)), ['default/a', 'default/b']);
  assert.deepEqual(tableOrder(undefined, first), []);
});

test('rows only added (the next page of a snapshot) merge into the shown order, changed rows swapped in', () => {
  const first = tableOrder(byUid(row('1', 'b'), row('2', 'd'), row('3', 'f')));
  const changed = row('2', 'd', 'default', '7');
  const next = tableOrder(
    byUid(row('1', 'b'), changed, row('3', 'f'), row('4', 'a'), row('5', 'e'), row('6', 'g')),
    first,
  );
  assert.deepEqual(names(next), ['default/a', 'default/b', 'default/d', 'default/e', 'default/f', 'default/g']);
  assert.equal(next[2], changed);
});

test('whatever is added, kept or deleted, the order is the full sort of the rows', () => {
  let seed = 7;
  const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
  let shown: readonly ResourceRow[] = [];
  let rows = new Map<string, ResourceRow>();
  for (let round = 0; round < 200; round++) {
    rows = new Map(rows);
    for (let k = random(4); k > 0; k--) {
      const uid = String(random(60));
      if (random(3) === 0) rows.delete(uid);
      else rows.set(uid, row(uid, `n${uid.padStart(2, '0')}`, `ns${Number(uid) % 3}`, String(round)));
    }
    shown = tableOrder(rows, shown);
    const sorted = [...rows.values()].sort(
      (a, b) => (a.namespace ?? '').localeCompare(b.namespace ?? '') || a.name.localeCompare(b.name),
    );
    assert.deepEqual(shown, sorted, `round ${round}`);
  }
});
