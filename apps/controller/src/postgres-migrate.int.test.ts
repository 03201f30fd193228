// The Postgres migrations (prisma/postgres/migrations) applied by the studio's own applier, on the
// test PostgreSQL server of npm test's Postgres pass (skipped without one): applied once, refused
// when an applied one was edited, and in step with the schema: the tables, columns, indexes and
// constraints they make are exactly what Prisma generates from prisma/postgres/schema.prisma
// (sqlite-migrations.int.test.ts does the same for prisma/migrations).
// @postgres: runs only there: the Postgres migrations applied by our own applier, in step with the schema
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { repoRoot } from './config';
import { migratePostgres, readMigrations } from './postgres-migrate';
import { datamodelScript, testPostgresUrl } from '../testing';

const skip =
  testPostgresUrl === undefined || testPostgresUrl === ''
    ? 'needs the Postgres pass (OPSTUDIO_TEST_POSTGRES_URL)'
    : false;
const dir = path.join(repoRoot, 'prisma', 'postgres', 'migrations');
const clients: pg.Client[] = [];
after(() => Promise.all(clients.map((c) => c.end())));

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  const name = `m_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(testPostgresUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  clients.push(c);
  return c;
}

/** Tables, columns, index and constraint definitions of the public schema, Prisma's own table left out. */
async function shape(url: string): Promise<string[]> {
  const c = await connect(url);
  const columns = await c.query<{ t: string }>(
    `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS t
     FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
  );
  const indexes = await c.query<{ t: string }>(
    `SELECT indexdef AS t FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
  );
  // primary and foreign keys, uniques and checks, with the table they are on
  const constraints = await c.query<{ t: string }>(
    `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS t
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'`,
  );
  return [...columns.rows, ...indexes.rows, ...constraints.rows].map((r) => r.t).sort();
}

test('the migrations apply once, and an edited one stops start-up', { skip }, async () => {
  const url = await freshDatabase();
  const migrations = readMigrations(dir);
  assert.deepEqual(
    await migratePostgres(url, migrations),
    migrations.map((m) => m.name),
  );
  assert.deepEqual(await migratePostgres(url, migrations), [], 'nothing left to apply');
  const edited = migrations.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\n-- edited` } : m));
  await assert.rejects(migratePostgres(url, edited), /was changed after it was applied/);
});

test(
  'the migrations make exactly the schema Prisma generates from prisma/postgres/schema.prisma',
  { skip },
  async () => {
    const migrated = await freshDatabase();
    await migratePostgres(migrated, readMigrations(dir));
    const generated = await freshDatabase();
    await (await connect(generated)).query(datamodelScript('prisma/postgres/schema.prisma', generated));
    assert.deepEqual(
      await shape(migrated),
      await shape(generated),
      'prisma/postgres/migrations is out of step with the schema: write a migration (docs/design/0023-postgres.md)',
    );
  },
);
