import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './paths';
import { integrationLanes, isOptIn, laneOf, postgresReason, runsOnPostgres, testFiles } from './test-files';

const read = (f: string): string => readFileSync(path.join(repoRoot, f), 'utf8');

// The Postgres pass (test-files.ts, runsOnPostgres): what runs twice, and why. A file joins by a
// `// @postgres: <reason>` line; this list is its review copy, so a change to the pass shows here.
const POSTGRES_PASS = [
  'apps/controller/src/audit/log.int.test.ts',
  'apps/controller/src/auth/http.int.test.ts',
  'apps/controller/src/auth/oidc.int.test.ts',
  'apps/controller/src/auth/rate-limit.int.test.ts',
  'apps/controller/src/auth/setup-token.int.test.ts',
  'apps/controller/src/auth/sign-in-limits.int.test.ts',
  'apps/controller/src/cli/admin-command.int.test.ts',
  'apps/controller/src/cli/history-command.int.test.ts',
  'apps/controller/src/clusters/cluster-rows.int.test.ts',
  'apps/controller/src/db.int.test.ts',
  'apps/controller/src/deploy/image.int.test.ts',
  'apps/controller/src/designs/store.int.test.ts',
  'apps/controller/src/history/run-ids.int.test.ts',
  'apps/controller/src/history/run-insert.int.test.ts',
  'apps/controller/src/history/store.int.test.ts',
  'apps/controller/src/operators/replicas.int.test.ts',
  'apps/controller/src/postgres-migrate.int.test.ts',
  'apps/controller/src/security/hostile-input.int.test.ts',
];

test('the Postgres pass runs the files marked `// @postgres:`, each with its reason', () => {
  const marked = testFiles('integration').filter(runsOnPostgres);
  assert.deepEqual(marked, POSTGRES_PASS);
  for (const f of marked) assert.ok((postgresReason(f) ?? '').length >= 20, `${f}: say why it runs on Postgres`);
});

// Such a file skips its Postgres tests without the test server: left out of the pass, they never run.
test('every integration file that reads the test Postgres URL runs in the Postgres pass', () => {
  const readers = testFiles('integration').filter((f) => read(f).includes('testPostgresUrl'));
  assert.ok(readers.includes('apps/controller/src/postgres-migrate.int.test.ts'), readers.join(', '));
  // sqlite-migrations reads it only to skip itself there
  assert.deepEqual(
    readers.filter((f) => !runsOnPostgres(f) && f !== 'apps/controller/src/sqlite-migrations.int.test.ts'),
    [],
  );
});

// A marker anywhere else (a unit file, a helper) would be ignored without a word.
test('only integration files carry the marker', () => {
  const integration = new Set(testFiles('integration'));
  const elsewhere = testFiles('unit').filter((f) => /^\/\/ @postgres:/m.test(read(f)));
  assert.deepEqual(elsewhere, []);
  assert.ok(POSTGRES_PASS.every((f) => integration.has(f)));
});

// The integration lanes (test-files.ts, integrationLanes): this list is their review copy.
const BUILD_LANE = [
  'apps/controller/src/deploy/image.int.test.ts',
  'apps/controller/src/export/build-check.int.test.ts',
  'apps/controller/src/export/conversion-webhook.int.test.ts',
  'apps/controller/src/export/design-cases.int.test.ts',
  'apps/controller/src/export/graph-parity.int.test.ts',
  'apps/controller/src/export/hostile-export.int.test.ts',
  'apps/controller/src/export/kro-parity.int.test.ts',
  'apps/controller/src/export/lint.int.test.ts',
  'apps/controller/src/export/pod-waits-parity.int.test.ts',
  'apps/controller/src/export/update-project.int.test.ts',
  'apps/controller/src/operators/handoff.int.test.ts',
  'apps/controller/src/oracle/controller-gen.int.test.ts',
];
const EXCLUSIVE_LANE = [
  'apps/controller/src/operators/apiserver-outage.int.test.ts',
  'apps/controller/src/operators/cel-cost.int.test.ts',
  'packages/sandbox/src/sandbox.int.test.ts',
];

test('integration files run in the lane their `// @lane:` line names, each with its reason', () => {
  const lanes = integrationLanes(testFiles('integration'));
  assert.deepEqual(lanes.build, BUILD_LANE);
  assert.deepEqual(lanes.exclusive, EXCLUSIVE_LANE);
  for (const f of [...BUILD_LANE, ...EXCLUSIVE_LANE])
    assert.ok((laneOf(f).reason ?? '').length >= 20, `${f}: say why it runs in its lane`);
  // the file that stops the sandbox must never run beside another
  const stoppers = testFiles('integration').filter((f) => read(f).includes('OPSTUDIO_SANDBOX_PROFILE'));
  assert.deepEqual(
    stoppers.filter((f) => laneOf(f).lane !== 'exclusive'),
    [],
  );
});

test('the default run skips only the opt-in files (`// @opt-in:`), which say how to run them', () => {
  const optIn = [...testFiles('integration'), ...testFiles('unit')].filter(isOptIn);
  assert.deepEqual(optIn, [
    'apps/controller/src/export/kro-parity.int.test.ts',
    'apps/controller/src/export/lint.int.test.ts',
  ]);
  for (const f of optIn) assert.match(read(f), /^\/\/ @opt-in: .*--only /m, `${f}: say how to run it`);
});
