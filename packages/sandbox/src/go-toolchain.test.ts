import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { compareVersions, findGo, parseGoVersion } from './go-toolchain';

test('parseGoVersion reads what `go env GOVERSION` prints', () => {
  assert.deepEqual(parseGoVersion('go1.26.8'), [1, 26, 8]);
  assert.deepEqual(parseGoVersion('go1.26'), [1, 26, 0]);
  assert.deepEqual(parseGoVersion('go1.27rc1'), [1, 27, 0]);
  assert.equal(parseGoVersion('devel'), undefined);
  assert.ok(compareVersions([1, 25, 9], [1, 26, 0]) < 0);
  assert.ok(compareVersions([1, 26, 8], [1, 26, 0]) > 0);
  assert.equal(compareVersions([1, 26], [1, 26, 0]), 0);
});

function fakeGo(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fake-go-'));
  writeFileSync(join(dir, 'go'), `#!/bin/sh\necho ${version}\n`);
  chmodSync(join(dir, 'go'), 0o755);
  return dir;
}

test('an old Go is refused with a one-line message naming what was found and where to get Go', async () => {
  const dir = fakeGo('go1.22.5');
  await assert.rejects(findGo('1.26.0', { PATH: dir }, [join(dir, 'go')]), (err: Error) => {
    assert.equal(
      err.message,
      'Go 1.26 or newer is required to build the sandbox (found go1.22.5): install it from https://go.dev/doc/install and make sure `go` is on PATH.',
    );
    return true;
  });
});

test('a missing Go is refused with the same one-line message', async () => {
  await assert.rejects(
    findGo('1.26.0', { PATH: '/nonexistent' }, ['/nonexistent/go']),
    /Go 1\.26 or newer is required .*found no `go` command/,
  );
});

test('a new enough Go is accepted', async () => {
  const dir = fakeGo('go1.26.8');
  assert.equal(await findGo('1.26.0', { PATH: dir }, [join(dir, 'go')]), join(dir, 'go'));
});
