// Test support for apps/controller, kept out of src/ so the production tree is src/ alone: only
// `*.test.ts` files (and bench/, tests/e2e) import this folder, and eslint.config.mjs refuses any
// other import of it. Here: the kubeconfig from the environment (skip with a clear message when
// it is unset), a real, migrated database (SQLite, or Postgres in npm test's Postgres pass), and
// a poll-until helper.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../src/config';
import type { ControllerConfig } from '../src/config';

export const kubeconfigPath = process.env.OPSTUDIO_KUBECONFIG;

/**
 * The config of a studio started in a test process: loopback, any free port, no data directory,
 * a fresh migrated database and the test kubeconfig, with `overrides` on top.
 */
export function testServerConfig(overrides: Partial<ControllerConfig> = {}): ControllerConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir: '',
    kubeconfigPath,
    kubeContext: undefined,
    ...overrides,
    databaseUrl: overrides.databaseUrl ?? migratedTempDb(),
  };
}

/** For `test(name, { skip: skipWithoutCluster }, …)`. */
export const skipWithoutCluster: string | false =
  kubeconfigPath === undefined || kubeconfigPath === ''
    ? 'OPSTUDIO_KUBECONFIG is not set: start the sandbox (npx opstudio sandbox up --profile test) and export its kubeconfig, or run npm test'
    : false;

/**
 * npm test's Postgres pass (scripts/test.ts) sets this: the test server's superuser URL, with a
 * database `opstudio_template` that has every migration applied.
 */
export const testPostgresUrl = process.env.OPSTUDIO_TEST_POSTGRES_URL;
export const POSTGRES_TEMPLATE = 'opstudio_template';

/**
 * A fresh, migrated database: a copy of the migrated template on the test Postgres server when
 * there is one, else a SQLite file with the committed migrations applied by `prisma migrate deploy`.
 */
export function migratedTempDb(): string {
  if (testPostgresUrl !== undefined && testPostgresUrl !== '') {
    const name = `t_${randomBytes(6).toString('hex')}`;
    execFileSync('psql', [testPostgresUrl, '-qAtc', `CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE}`], {
      stdio: 'pipe',
    });
    const url = new URL(testPostgresUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }
  return migratedSqliteDb();
}

/**
 * A SQLite file (in a folder of its own) with the committed migrations applied by `prisma migrate
 * deploy`: a copy of a template migrated once per set of migrations (the Prisma CLI takes seconds
 * per start, and a run asks for dozens of databases; copying a file takes a millisecond).
 */
export function migratedSqliteDb(): string {
  const url = emptySqliteDb();
  copyFileSync(sqliteTemplate(), url.slice('file:'.length));
  return url;
}

/**
 * The migrated template's path, in the temporary folder under a key that hashes every migration
 * file and the Prisma version: made by `prisma migrate deploy` when missing (by whichever test
 * process gets there first; a rename makes it appear whole), then only read.
 */
function sqliteTemplate(): string {
  if (template !== undefined) return template;
  const dir = path.join(repoRoot, 'prisma', 'migrations');
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(repoRoot, 'node_modules', 'prisma', 'package.json')));
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const abs = path.join(dir, file);
    if (statSync(abs).isFile()) hash.update(`${file}\0`).update(readFileSync(abs));
  }
  const file = path.join(tmpdir(), `opstudio-sqlite-template-${hash.digest('hex').slice(0, 16)}.db`);
  if (!existsSync(file)) {
    const url = emptySqliteDb();
    prisma(['migrate', 'deploy'], url);
    renameSync(url.slice('file:'.length), file);
  }
  template = file;
  return file;
}
let template: string | undefined;

/**
 * The SQL Prisma writes to make the models of `schema` (a path from the repository root) in an
 * empty database: what the migrations must add up to (the two migration drift tests).
 */
export function datamodelScript(schema: string, databaseUrl: string): string {
  return prisma(['migrate', 'diff', '--from-empty', '--to-schema-datamodel', schema, '--script'], databaseUrl);
}

/** The project's Prisma CLI against `databaseUrl` (prisma.config.ts picks the schema and adapter from it); its output. */
function prisma(args: readonly string[], databaseUrl: string): string {
  return execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'prisma'), args, {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

/** The URL of a SQLite file not made yet, in a temporary folder of its own. */
export function emptySqliteDb(): string {
  return `file:${path.join(mkdtempSync(path.join(tmpdir(), 'opstudio-db-')), 'studio.db')}`;
}

/**
 * Polls `probe` until it returns a value, `everyMs` apart (default 50 ms). A probe that lists
 * hundreds of objects should poll slower: back to back, its lists kept the API server busy
 * serialising them on the cores the controller and the sandbox needed.
 */
export async function eventually<T>(
  what: string,
  timeoutMs: number,
  probe: () => T | undefined | Promise<T | undefined>,
  { everyMs = 50 }: { everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
