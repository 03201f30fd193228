// The Go side of the one CEL: celenv (which the export compiles) and check, tested natively,
// including the expression table's golden outcomes that the WebAssembly paths are held to.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { findGo } from '@opstudio/sandbox';
import { CEL_MODULE_DIR } from './build';

test('go test ./... in packages/cel passes', async () => {
  const go = await findGo('1.26');
  const r = spawnSync(go, ['test', './...'], { cwd: CEL_MODULE_DIR, encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
});
