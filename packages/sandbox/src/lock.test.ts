import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { acquireLock } from './lock';

test('a second holder waits until the first releases', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'sbx-lock-')), 'x.lock');
  const release = await acquireLock(path);
  let waited = 0;
  let secondGot = false;
  const second = acquireLock(path, { onWait: () => waited++ }).then((r) => {
    secondGot = true;
    return r;
  });
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(secondGot, false);
  release();
  (await second)();
  assert.equal(waited, 1);
  assert.equal(existsSync(path), false);
});

test('a lock left by a dead process is taken over', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'sbx-lock-')), 'x.lock');
  writeFileSync(path, '999999999');
  const release = await acquireLock(path, { timeoutMs: 1000 });
  release();
});
