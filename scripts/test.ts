/**
 * `npm test`: every test, in four stages, each with what it needs.
 *   unit         pure tests (`*.test.ts`), no cluster
 *   integration  `*.int.test.ts` against a sandbox of its own (test profile: own ports and data), on SQLite
 *   postgres     the integration files whose behaviour can differ by database (each says why in a
 *                `// @postgres:` line; test-files.ts, runsOnPostgres) again on Postgres: a throwaway
 *                server (scripts/lib/postgres.ts) whose migrated template database each test copies
 *                (testing/index.ts, migratedTempDb)
 *   e2e          Playwright in Debian's Chromium against the production web app + controller
 * Ends with one line `N passed, N failed`. `--stage unit` (repeatable) runs a subset.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseFlags } from './lib/args';
import { add, countsFromPlaywrightJson, countsFromTap, zero, type Counts } from './lib/counts';
import { migrate } from './lib/db';
import { OwnSandbox } from './lib/own-sandbox';
import { databaseUrlFor, startPostgres, type PostgresServer } from './lib/postgres';
import { dataDir, databaseUrl, profiles, repoRoot } from './lib/paths';
import { assertPortsFree } from './lib/ports';
import { run, stopServices } from './lib/proc';
import { startStudio } from './lib/services';
import { balanceLanes, parseFileSeconds } from './lib/lane-balance';
import { integrationLanes, isOptIn, runsOnPostgres, testFiles, unitProcesses } from './lib/test-files';
import { ensureWebBuild } from './lib/web-build';

type Stage = 'unit' | 'integration' | 'postgres' | 'e2e';
/** The test Postgres server's port (README: Ports). */
const TEST_POSTGRES_PORT = 15432;
const POSTGRES_TEMPLATE = 'opstudio_template';
const log = (line: string): void => console.log(`[test] ${line}`);
const profile = profiles.test;
const reports = path.join(repoRoot, 'test-results');

async function nodeTests(
  name: string,
  files: string[],
  env: NodeJS.ProcessEnv,
  concurrency: number,
  /** the spec reporter's lines go here instead of stdout (a lane beside another), printed at its end */
  specFile?: string,
  /** run the files in this one process (scripts/lib/unit-group.ts) rather than one process each */
  grouped = false,
): Promise<Counts> {
  if (files.length === 0) return zero();
  fs.mkdirSync(reports, { recursive: true });
  const tapFile = path.join(reports, `${name}.tap`);
  const timesFile = path.join(reports, `${name}.times`);
  for (const f of [tapFile, timesFile]) fs.rmSync(f, { force: true });
  log(`${name}: ${files.length} files`);
  await run(
    process.execPath,
    // a test that hangs fails after 15 min (its own `timeout` option wins) instead of eating CI's 90
    [
      '--import',
      'tsx',
      ...(grouped ? [] : ['--test', `--test-concurrency=${concurrency}`, '--test-timeout=900000']),
      '--test-reporter=spec',
      `--test-reporter-destination=${specFile ?? 'stdout'}`,
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      '--test-reporter=./scripts/lib/file-times-reporter.mjs',
      `--test-reporter-destination=${timesFile}`,
      ...(grouped ? [path.join(repoRoot, 'scripts/lib/unit-group.ts')] : []),
      ...files,
    ],
    { cwd: repoRoot, env },
  );
  if (specFile !== undefined && fs.existsSync(specFile)) {
    log(`${name}: its report, held back while the other lane ran:`);
    process.stdout.write(fs.readFileSync(specFile, 'utf8'));
  }
  if (fs.existsSync(timesFile)) {
    const slowest = fs.readFileSync(timesFile, 'utf8').split('\n').filter(Boolean).slice(0, 10);
    log(`${name}: slowest files (all in ${path.relative(repoRoot, timesFile)}):\n${slowest.join('\n')}`);
  }
  return countsFromTap(fs.existsSync(tapFile) ? fs.readFileSync(tapFile, 'utf8') : '');
}

/**
 * Two processes side by side (two cores), each running its share of the files as suites of one
 * process (unit-group.ts), balanced by a measured run's times (unit-seconds.txt, lane-balance.ts);
 * then the files that need a process of their own (`// @unit: own process`), two at a time.
 */
async function unitStage(files: string[]): Promise<Counts> {
  const { grouped, own } = unitProcesses(files);
  const seconds = parseFileSeconds(fs.readFileSync(path.join(repoRoot, 'scripts/lib/unit-seconds.txt'), 'utf8'));
  const side = balanceLanes([], grouped, seconds);
  log(`unit: two processes expected to take ${side.expected.build} s and ${side.expected.waiting} s (lane-balance.ts)`);
  const [first, second] = await Promise.all([
    nodeTests('unit', side.waiting, {}, 1, undefined, true),
    nodeTests('unit-2', side.build, {}, 1, path.join(reports, 'unit-2.spec'), true),
  ]);
  const alone = await nodeTests('unit-own', own, {}, 2);
  return add(add(first, second), alone);
}

/**
 * Two lanes side by side on the one sandbox, each a file at a time: the builds (Go, the image),
 * CPU-bound, then some of the files that mostly wait on the API server, beside the rest of those
 * (balanced by a measured run's times: lane-balance.ts); then the files that need the sandbox to
 * themselves (test-files.ts, `// @lane:`). Every file makes its own names, database and ports, so
 * two never meet.
 */
async function integrationStage(files: string[], env: NodeJS.ProcessEnv): Promise<Counts> {
  const lanes = integrationLanes(files);
  const seconds = parseFileSeconds(fs.readFileSync(path.join(repoRoot, 'scripts/lib/integration-seconds.txt'), 'utf8'));
  const side = balanceLanes(lanes.build, lanes.waiting, seconds);
  log(`integration: lanes expected to take ${side.expected.build} s and ${side.expected.waiting} s (lane-balance.ts)`);
  const [builds, waiting] = await Promise.all([
    nodeTests('integration-build', side.build, env, 1, path.join(reports, 'integration-build.spec')),
    nodeTests('integration', side.waiting, env, 1),
  ]);
  const exclusive = await nodeTests('integration-exclusive', lanes.exclusive, env, 1);
  return add(add(builds, waiting), exclusive);
}

const testSandbox = new OwnSandbox('test', log);
/** The Postgres pass's server while it runs (a Ctrl-C stops it too). */
let postgres: PostgresServer | undefined;

/** The files marked `// @postgres:` against Postgres (no OPSTUDIO_SANDBOX_PROFILE: nothing may stop the sandbox). */
async function postgresPass(files: string[], kubeconfig: string): Promise<Counts> {
  await assertPortsFree([{ port: TEST_POSTGRES_PORT, what: 'test PostgreSQL', env: 'the test profile' }]);
  log(`postgres: starting a PostgreSQL server on 127.0.0.1:${TEST_POSTGRES_PORT}`);
  const server = startPostgres(TEST_POSTGRES_PORT);
  postgres = server;
  try {
    const psql = (sql: string) => execFileSync('psql', [server.adminUrl, '-qAtc', sql], { stdio: 'pipe' });
    psql(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
    await migrate(databaseUrlFor(server.adminUrl, POSTGRES_TEMPLATE));
    psql(`CREATE DATABASE studio TEMPLATE ${POSTGRES_TEMPLATE}`);
    return await nodeTests(
      'postgres',
      files,
      {
        OPSTUDIO_KUBECONFIG: kubeconfig,
        DATABASE_URL: databaseUrlFor(server.adminUrl, 'studio'),
        OPSTUDIO_TEST_POSTGRES_URL: server.adminUrl,
      },
      1,
    );
  } finally {
    postgres = undefined;
    server.stop();
  }
}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2), { values: ['stage', 'only'], switches: [] });
  // --only <text>: just the test files whose path contains it (Playwright gets it as its file filter);
  // without it, every file but the opt-in ones (`// @opt-in:`, test-files.ts)
  const only = typeof flags.only === 'string' ? flags.only : undefined;
  const pick = (files: string[]): string[] =>
    only === undefined ? files.filter((f) => !isOptIn(f)) : files.filter((f) => f.includes(only));
  const stages: Stage[] =
    typeof flags.stage === 'string' ? [flags.stage as Stage] : ['unit', 'integration', 'postgres', 'e2e'];
  const started = Date.now();
  let total = zero();
  const summary: string[] = [];
  const record = (stage: Stage, c: Counts): void => {
    total = add(total, c);
    summary.push(`${stage}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  };

  if (stages.includes('unit')) record('unit', await unitStage(pick(testFiles('unit'))));

  if (stages.includes('integration') || stages.includes('postgres') || stages.includes('e2e')) {
    const kubeconfig = await testSandbox.up();
    fs.rmSync(path.join(dataDir, 'test'), { recursive: true, force: true });
    await migrate(profile.databaseFile);
    const env = {
      OPSTUDIO_KUBECONFIG: kubeconfig,
      DATABASE_URL: databaseUrl(profile),
      OPSTUDIO_SANDBOX_PROFILE: 'test',
    }; // apiserver-outage may stop it: it runs in the exclusive lane, alone (integrationStage)

    if (stages.includes('integration'))
      record('integration', await integrationStage(pick(testFiles('integration')), env));

    if (stages.includes('postgres'))
      record('postgres', await postgresPass(pick(testFiles('integration')).filter(runsOnPostgres), kubeconfig));

    if (stages.includes('e2e')) {
      await ensureWebBuild(log);
      await assertPortsFree([
        { port: profile.webPort, what: 'test web app', env: 'the test profile' },
        { port: profile.controllerPort, what: 'test controller', env: 'the test profile' },
      ]);
      log('e2e: starting the controller and the web app (logs in data/logs/test)');
      // one more name served besides 127.0.0.1 (Chromium maps it to 127.0.0.1), as a team deployment configures one
      const studio = await startStudio({
        profile,
        host: '127.0.0.1',
        cluster: { kind: 'sandbox', label: 'sandbox', kubeconfig },
        quiet: true,
        allowedHosts: 'studio.example',
      });
      const jsonFile = path.join(reports, 'e2e.json');
      fs.rmSync(jsonFile, { force: true });
      await run('npx', ['--no-install', 'playwright', 'test', ...(only === undefined ? [] : [only])], {
        cwd: repoRoot,
        env: {
          ...env,
          // the browser is on the launch host (its cookie lives there); page.request resolves it by launch.ts's rule
          OPSTUDIO_E2E_BASE_URL: new URL(studio.readyUrl).origin,
          OPSTUDIO_E2E_LOOPBACK_URL: studio.webUrl,
          OPSTUDIO_E2E_CONTROLLER_URL: studio.controllerUrl,
          OPSTUDIO_E2E_LAUNCH_URL: studio.readyUrl,
          OPSTUDIO_E2E_LAUNCH_TOKEN: studio.launchToken,
          PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
        },
      });
      await stopServices();
      record('e2e', countsFromPlaywrightJson(jsonFile));
    }
  }

  for (const line of summary) log(line);
  log(`took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return total.failed > 0 || total.passed === 0 ? 1 : 0;
}

async function cleanup(): Promise<void> {
  await stopServices();
  postgres?.stop();
  await testSandbox.downIfStartedHere();
}

process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (err: unknown) => {
    console.error(`[test] error: ${err instanceof Error ? err.message : String(err)}`);
    await cleanup();
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
