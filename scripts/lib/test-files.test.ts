import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './paths';
import { testFiles, usesDatabase } from './test-files';

// Such a file skips its Postgres tests without the test server: left out of the Postgres pass, they never run.
test('every integration file that reads the test Postgres URL runs in the Postgres pass', () => {
  const readers = testFiles('integration').filter((f) =>
    readFileSync(path.join(repoRoot, f), 'utf8').includes('testPostgresUrl'),
  );
  assert.ok(readers.includes('apps/controller/src/postgres-migrate.int.test.ts'), readers.join(', '));
  assert.deepEqual(
    readers.filter((f) => !usesDatabase(f)),
    [],
  );
});
