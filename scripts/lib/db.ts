/**
 * Applies the committed migrations to a database (never `migrate dev`: see ARCHITECTURE.md):
 * SQLite with `prisma migrate deploy`, Postgres with the studio's own applier
 * (apps/controller/src/postgres-migrate.ts says why). `target`: a DATABASE_URL, or a SQLite file path.
 */
import path from 'node:path';
import { databaseKind } from '../../apps/controller/src/db';
import { prepareSqliteFile } from '../../apps/controller/src/db-files';
import { migratePostgres, readMigrations } from '../../apps/controller/src/postgres-migrate';
import { repoRoot } from './paths';
import { run } from './proc';

export const POSTGRES_MIGRATIONS = path.join(repoRoot, 'prisma', 'postgres', 'migrations');

export async function migrate(target: string): Promise<void> {
  const url = /^[a-z]+:/.test(target) ? target : `file:${target}`;
  const kind = databaseKind(url);
  if (kind === 'postgres') {
    await migratePostgres(url, readMigrations(POSTGRES_MIGRATIONS)).catch((err: unknown) => {
      throw new Error(
        `database migration failed for ${redacted(url)}: ${err instanceof Error ? err.message : String(err)}`,
      );
    });
    return;
  }
  if (kind !== 'sqlite') throw new Error(`DATABASE_URL must be file:… (SQLite) or postgresql://… (Postgres)`);
  const file = url.slice('file:'.length);
  prepareSqliteFile(file); // Prisma's engine would create it world-readable (umask 022)
  const code = await run('npx', ['--no-install', 'prisma', 'migrate', 'deploy'], {
    env: { DATABASE_URL: url, CHECKPOINT_DISABLE: '1' },
    quiet: true,
  });
  if (code !== 0)
    throw new Error(
      `database migration failed for ${file}: run 'DATABASE_URL=${url} npx prisma migrate deploy' to see why`,
    );
}

/** A URL without its password, for messages. */
export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return 'the database URL';
  }
}
