import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapFromRows, reconcileRows, rowProblem, rowsFromMap } from './map-rows';
import type { MapRow } from './map-rows';

const row = (id: number, key: string, value: unknown): MapRow => ({ id, key, value });

test('a map becomes rows and complete rows become the map, in row order', () => {
  const rows = rowsFromMap({ b: '1', a: '2' });
  assert.deepEqual(
    rows.map((r) => [r.key, r.value]),
    [
      ['b', '1'],
      ['a', '2'],
    ],
  );
  assert.notEqual(rows[0]?.id, rows[1]?.id);
  assert.deepEqual(mapFromRows(rows), { b: '1', a: '2' });
  assert.deepEqual(rowsFromMap(undefined), []);
  assert.equal(mapFromRows([]), undefined);
});

test('a row without a key, or with the key of a row above, stays out of the map and says why', () => {
  const rows = [row(1, 'a', 1), row(2, '', 2), row(3, 'a', 3)];
  assert.deepEqual(mapFromRows(rows), { a: 1 });
  assert.equal(rowProblem(rows, 0), null);
  assert.equal(rowProblem(rows, 1), 'needs a key');
  assert.match(rowProblem(rows, 2) ?? '', /"a" is already a key above/);
});

test('rows follow a map changed elsewhere and keep the rows still being typed', () => {
  const rows = [row(1, 'a', 1), row(2, '', 'typing')];
  // the map is what the rows say: the same rows, ids and all
  assert.equal(reconcileRows(rows, { a: 1 }), rows);
  // the YAML editor changed it: its entries, then the incomplete row
  const next = reconcileRows(rows, { a: 5, b: 2 });
  assert.deepEqual(
    next.map((r) => [r.key, r.value]),
    [
      ['a', 5],
      ['b', 2],
      ['', 'typing'],
    ],
  );
  assert.deepEqual(
    reconcileRows(rows, undefined).map((r) => r.key),
    [''],
  );
});
