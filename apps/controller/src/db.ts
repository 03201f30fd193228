// The studio's database client: Prisma with the better-sqlite3 driver adapter (no native Prisma
// engines). The schema and migrations live in <repo>/prisma; `prisma generate` writes the client
// into src/generated/prisma (git-ignored), `prisma migrate deploy` creates the tables.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from './generated/prisma/client';

export type StudioDb = PrismaClient;

export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
}

export function openDb(databaseUrl: string): StudioDb {
  if (!databaseUrl.startsWith('file:')) {
    throw new DatabaseError(
      `DATABASE_URL must be a SQLite file URL (file:/path/studio.db) for now; got "${databaseUrl.split(':')[0]}:…"`,
    );
  }
  const file = databaseUrl.slice('file:'.length);
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: databaseUrl }) });
}

/** A cheap round trip that also proves the migrations ran (the table exists). */
export async function checkDb(db: StudioDb): Promise<void> {
  try {
    await db.design.count();
  } catch (err) {
    const message = err instanceof Error ? (err.message.split('\n').filter(Boolean).pop() ?? err.message) : String(err);
    throw new DatabaseError(`database not ready (${message}): run \`npx prisma migrate deploy\` (npm start does it)`);
  }
}
