// The formatter is part of the test run: `prettier --check .` over the repository (settings in
// .prettierrc.json, exclusions in .prettierignore). `npm run format` rewrites what it lists.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './lib/paths';

test('every source file is formatted as Prettier writes it (npm run format fixes it)', { timeout: 300_000 }, () => {
  const bin = path.join(repoRoot, 'node_modules', '.bin', 'prettier');
  const run = spawnSync(bin, ['--check', '.', '--log-level', 'warn'], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(run.error, undefined, String(run.error));
  assert.equal(
    run.status,
    0,
    `prettier --check found unformatted files (run npm run format):\n${run.stdout}${run.stderr}`,
  );
});
