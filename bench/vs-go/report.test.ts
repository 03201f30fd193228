import { test } from 'node:test';
import assert from 'node:assert/strict';
import { floorLine } from './floor';
import { table, type Row } from './report';

const rows: Row[] = [
  { workload: 'latency', measure: 'p50', values: { embedded: 30, go: 40, kro: 60 }, unit: 'ms' },
  { workload: 'burst', measure: 'every CR ready', values: { embedded: 12, go: 10 }, unit: 's' },
];

test('three sides: a column each, then embedded / each peer; a side not measured is n/a', () => {
  const lines = table(rows, ['embedded', 'go', 'kro']).split('\n');
  assert.match(lines[0]!, /\| embedded +\| Go +\| kro +\| embedded\/Go \| embedded\/kro \|$/);
  assert.match(lines[2]!, /\| 30\.0 ms +\| 40\.0 ms \| 60\.0 ms \| 0\.75× +\| 0\.50× +\|$/);
  assert.match(lines[3]!, /\| 12\.0 s +\| 10\.0 s +\| n\/a +\| 1\.20× +\| n\/a +\|$/);
});

test('two sides by default: the vs-go table, one ratio', () => {
  const head = table(rows).split('\n')[0]!;
  assert.match(head, /\| embedded \| Go +\| embedded\/Go \|$/);
  assert.doesNotMatch(head, /kro/);
});

test('the floor line gives the two-hop bound an edit cannot beat', () => {
  assert.match(floorLine({ patches: 50, p50: 4.25, p99: 9 }), /p50 4\.3 ms, p99 9\.0 ms \(50 patches\).*~8\.5 ms/);
});
