// The studio's database client: Prisma with a driver adapter (no native Prisma engines).
// DATABASE_URL `file:…` is SQLite (better-sqlite3, the embedded default); `postgresql://…` is
// Postgres (pg), for teams and several replicas. The schemas and migrations live in <repo>/prisma
// (SQLite) and <repo>/prisma/postgres; `prisma generate` writes a client for each into
// src/generated/prisma and src/generated/prisma-pg (git-ignored), `prisma migrate deploy`
// creates the tables. Both clients are generated from the same models (scripts/postgres-schema.ts),
// so the Postgres one is used through the SQLite one's type.
import { createRequire } from 'node:module';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import type * as AdapterPg from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';
import { PrismaClient as PostgresClient } from './generated/prisma-pg/client';
import { prepareSqliteFile } from './db-files';

export type StudioDb = PrismaClient;

export type DatabaseKind = 'sqlite' | 'postgres';

/** Which database a DATABASE_URL names, or undefined for one the studio cannot use. */
export function databaseKind(url: string): DatabaseKind | undefined {
  if (url.startsWith('file:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  return undefined;
}

export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
}

/** The clients openDb made for Postgres (StudioDb is typed as the SQLite client for both). */
const postgresClients = new WeakSet<StudioDb>();

/** Whether `db` talks to Postgres (openDb made it from a postgresql:// URL). */
export function isPostgres(db: StudioDb): boolean {
  return postgresClients.has(db);
}

export function openDb(databaseUrl: string): StudioDb {
  const kind = databaseKind(databaseUrl);
  if (kind === undefined)
    throw new DatabaseError(
      `DATABASE_URL must be a SQLite file URL (file:/path/studio.db) or a Postgres URL (postgresql://user:password@host:5432/db); got "${databaseUrl.split(':')[0]}:…"`,
    );
  if (kind === 'postgres') {
    // Postgres's driver (pg, ~10 MiB) is loaded only for a Postgres URL (docs/design/0059)
    const { PrismaPg } = createRequire(import.meta.url)('@prisma/adapter-pg') as typeof AdapterPg;
    const db = new PostgresClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) }) as unknown as StudioDb;
    postgresClients.add(db);
    return db;
  }
  const file = databaseUrl.slice('file:'.length);
  if (file !== ':memory:') prepareSqliteFile(file); // owner-only, and -wal/-shm inherit it
  const db = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: databaseUrl }) });
  // Write-ahead log, synced at checkpoints: a commit no longer waits on the disk (in the default
  // rollback-journal mode each one took several fsyncs, on the event loop: better-sqlite3 is
  // synchronous), readers never block the writer. A power cut may lose the last commits, never
  // consistency (docs/design/0020). journal_mode is kept in the file; synchronous is per connection.
  if (file !== ':memory:')
    void db
      .$queryRawUnsafe('PRAGMA journal_mode = WAL')
      .then(() => db.$executeRawUnsafe('PRAGMA synchronous = NORMAL'))
      .catch(() => undefined);
  return db;
}

/** A cheap round trip that also proves the migrations ran (the table exists). */
export async function checkDb(db: StudioDb): Promise<void> {
  try {
    await db.design.count();
  } catch (err) {
    const message = err instanceof Error ? (err.message.split('\n').filter(Boolean).pop() ?? err.message) : String(err);
    throw new DatabaseError(
      `database not ready (${message}): apply the migrations with \`node --import tsx scripts/migrate.ts\` (npm start does it; for SQLite \`npx prisma migrate deploy\` does too)`,
    );
  }
}
