import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ageText, cellText, visibleColumns } from './printer-columns';

test('cells and ages read like kubectl', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  assert.equal(ageText('2026-01-01T11:59:30Z', now), '30s');
  assert.equal(ageText('2026-01-01T11:00:00Z', now), '60m');
  assert.equal(ageText('2025-12-30T12:00:00Z', now), '2d');
  assert.equal(ageText(null, now), '');
  assert.equal(cellText('2026-01-01T09:00:00Z', 'date', now), '3h');
  assert.equal(cellText(null, 'string', now), '');
  assert.equal(cellText(true, 'boolean', now), 'true');
  assert.equal(cellText(3, 'integer', now), '3');
});

test('wide-only columns and the creation-time Age are hidden, indices point into the row cells', () => {
  const cols = visibleColumns([
    { name: 'Image', type: 'string', jsonPath: '.spec.image', priority: 1 },
    { name: 'Size', type: 'integer', jsonPath: '.spec.size', priority: 0 },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp', priority: 0 },
  ]);
  assert.deepEqual(
    cols.map((c) => [c.name, c.index]),
    [['Size', 1]],
  );
});

test('no column repeats one the table has of its own; one that only shares its header says its path (issue 30, point 6)', () => {
  const printer = [
    { name: 'Namespace', type: 'string', jsonPath: '.metadata.namespace', priority: 0 },
    { name: 'Name', type: 'string', jsonPath: '.metadata.name', priority: 0 },
    { name: 'Target', type: 'string', jsonPath: '.spec.target', priority: 0 },
  ];
  assert.deepEqual(
    visibleColumns(printer, false, true).map((c) => c.name),
    ['Target'],
  );
  assert.deepEqual(
    visibleColumns(printer, false, false).map((c) => c.name),
    ['Namespace', 'Target'],
    'in one namespace the table has no Namespace column: the printer column is the only one',
  );
  const target = [{ name: 'Namespace', type: 'string', jsonPath: '.spec.targetNamespace', priority: 0 }];
  assert.deepEqual(
    visibleColumns(target, false, true).map((c) => [c.name, c.index]),
    [['Namespace (.spec.targetNamespace)', 0]],
  );
});
