// The CEL table (testdata/expressions.json, 100+ expressions over every library) as the embedded
// controller runs it: the WebAssembly module in Node must give exactly what native cel-go gave
// (testdata/expressions.golden.json, written and checked by celenv/table_test.go, whose Go
// package the exported operator compiles), value for value and error text for error text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { JSONValue } from '@opstudio/shared/crd/types';
import { CEL_MODULE_DIR } from './build';
import { loadCel } from './node';

const engine = await loadCel();
const read = (name: string): unknown => JSON.parse(readFileSync(join(CEL_MODULE_DIR, 'testdata', name), 'utf8'));
const table = read('expressions.json') as { vars: Record<string, JSONValue>; cases: { expr: string }[] };
const golden = read('expressions.golden.json') as { expr: string; value?: JSONValue; error?: string }[];

test('the table covers every library with at least 60 expressions', () => {
  assert.ok(table.cases.length >= 60, `${table.cases.length} expressions`);
  const all = table.cases.map((c) => c.expr).join('\n');
  for (const lib of [
    'lists.range',
    'quantity(',
    'matches(',
    'format(',
    'url(',
    'ip(',
    'cidr(',
    'semver(',
    'sets.',
    'math.',
    'base64.',
    'cel.bind',
    '.?',
    'format.dns1123Label',
  ])
    assert.ok(all.includes(lib), `no expression uses ${lib}`);
});

test('WebAssembly in Node gives what native cel-go gave, row by row', () => {
  assert.equal(
    golden.length,
    table.cases.length,
    'the golden file is stale: run go test ./celenv -run TestTable -update',
  );
  const vars = Object.keys(table.vars).sort();
  const context = engine.context(table.vars);
  try {
    table.cases.forEach((c, i) => {
      const want = golden[i]!;
      assert.equal(want.expr, c.expr);
      const r = engine.evaluate(c.expr, vars, context);
      if (r.ok) assert.deepEqual({ value: r.value }, { value: want.value }, c.expr);
      else assert.deepEqual({ error: r.message }, { error: want.error }, c.expr);
    });
  } finally {
    engine.release(context);
  }
});
