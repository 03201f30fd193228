import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selectBenches } from './select';

const files = ['cel.bench.ts', 'vs-go.bench.ts', 'vs-kro.bench.ts'];

test('no names: every bench, no flags', () => {
  assert.deepEqual(selectBenches(files, []), { files, args: [] });
});

test('names pick their benches in file order; the flags after them go to each', () => {
  assert.deepEqual(selectBenches(files, ['vs-kro', 'vs-go', '--edits', '40', '--crs', '100,300']), {
    files: ['vs-go.bench.ts', 'vs-kro.bench.ts'],
    args: ['--edits', '40', '--crs', '100,300'],
  });
});

test('an unknown name or flags without a name are refused, saying what exists', () => {
  assert.throws(() => selectBenches(files, ['vs-rust']), /no bench named vs-rust: one of cel, vs-go, vs-kro/);
  assert.throws(() => selectBenches(files, ['--edits', '40']), /name it first/);
});
