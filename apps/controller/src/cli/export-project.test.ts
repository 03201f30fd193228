// `opstudio export --check/--update`'s refusals, in-process: each bad input exits 2 with one line
// naming what is wrong, and writes nothing (docs/design/0057). The merge itself is covered by
// export/update-project.int.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../config';
import { opstudio } from '../../testing/cli';

const design = join(repoRoot, 'examples/memcached.design.yaml');

test('export --check and --update refuse what they cannot work on, exit 2', async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'opstudio-export-refusals-'));
  t.after(() => rmSync(work, { recursive: true, force: true }));
  const dir = join(work, 'p');

  const both = await opstudio(['export', design, '--check', dir, '--update', dir]);
  assert.equal(both.code, 2);
  assert.match(both.stderr, /pass one of/);
  const force = await opstudio(['export', design, '--check', dir, '--force']);
  assert.equal(force.code, 2);
  assert.match(force.stderr, /--force goes with --update/);
  const missing = await opstudio(['export', design, '--check', dir]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no such directory/);
  mkdirSync(dir);
  const notExported = await opstudio(['export', design, '--check', dir]);
  assert.equal(notExported.code, 2);
  assert.match(notExported.stderr, /has no \.opstudio\/project\.json/);

  assert.equal((await opstudio(['export', design, '--dir', dir])).code, 0);
  const notGit = await opstudio(['export', design, '--update', dir]);
  assert.equal(notGit.code, 2);
  assert.match(notGit.stderr, /not a git work tree/);

  // a manifest that names a path outside the project is refused before anything is read
  const manifestPath = join(dir, '.opstudio/project.json');
  const manifest = readFileSync(manifestPath, 'utf8');
  writeFileSync(manifestPath, manifest.replace('"api/', '"../api/'));
  const hostile = await opstudio(['export', design, '--check', dir]);
  assert.equal(hostile.code, 2);
  assert.match(hostile.stderr, /"\.\.\/api\/.*is not a generated path/);
  writeFileSync(manifestPath, manifest);

  // the recorded design copy must be the version the manifest names
  const copy = join(dir, '.opstudio/design.yaml');
  const copied = readFileSync(copy, 'utf8');
  writeFileSync(copy, `${copied}# edited\n`);
  const edited = await opstudio(['export', design, '--update', dir, '--force']);
  assert.equal(edited.code, 2);
  assert.match(edited.stderr, /not the design version/);
  writeFileSync(copy, copied);

  // a file the update would write reached through a symbolic link: refused, nothing written
  const outside = join(work, 'outside');
  mkdirSync(outside);
  rmSync(join(dir, 'internal/graph'), { recursive: true });
  symlinkSync(outside, join(dir, 'internal/graph'));
  const changed = join(work, 'memcached-v2.design.yaml');
  writeFileSync(changed, readFileSync(design, 'utf8').replace('memcached:1.6.26-alpine3.19', 'memcached:1.6.27'));
  const linked = await opstudio(['export', changed, '--update', dir, '--force']);
  assert.equal(linked.code, 2);
  assert.match(linked.stderr, /symbolic link/);
  assert.equal(spawnSync('ls', ['-A', outside], { encoding: 'utf8' }).stdout, '');
});
