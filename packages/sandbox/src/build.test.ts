import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { formatElapsed, staleModules } from './build';
import { MODULES } from './versions';

const stamps = { kube: 'k1', etcd: 'e1', kwok: 'w1' };

function binFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sbx-bin-'));
  for (const m of Object.values(MODULES)) for (const b of m.binaries) writeFileSync(join(dir, b), '');
  for (const [m, s] of Object.entries(stamps)) writeFileSync(join(dir, `.${m}.stamp`), `${s}\n`);
  return dir;
}

test('nothing is rebuilt when every binary is there and every stamp matches', () => {
  assert.deepEqual(staleModules(binFolder(), stamps), []);
});

test('a missing binary or an edited go.mod/go.sum rebuilds only that module', () => {
  const dir = binFolder();
  assert.deepEqual(staleModules(dir, { ...stamps, etcd: 'e2' }), ['etcd']);
  const dir2 = binFolder();
  writeFileSync(join(dir2, '.kwok.stamp'), 'old\n');
  assert.deepEqual(staleModules(dir2, stamps), ['kwok']);
  assert.deepEqual(staleModules(mkdtempSync(join(tmpdir(), 'sbx-empty-')), stamps), ['kube', 'etcd', 'kwok']);
});

test('elapsed time reads like 45s or 12m05s', () => {
  assert.equal(formatElapsed(45_200), '45s');
  assert.equal(formatElapsed(725_000), '12m05s');
});
