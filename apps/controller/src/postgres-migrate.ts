// Applies the committed Postgres migrations (prisma/postgres/migrations/<name>/migration.sql, in
// name order). `prisma migrate deploy` cannot do it with the JavaScript schema engine and the pg
// adapter: it fails reading Postgres' `name` columns (prisma/orm#27403), and the native engine
// would need a download. So the studio applies them itself, the way migrate deploy does: each one
// once, in a transaction, recorded in Prisma's own `_prisma_migrations` table (same columns and
// checksum, so Prisma's tools read the history), under an advisory lock so replicas starting at
// once do not race. A migration that was edited after it was applied stops start-up.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Any constant: the advisory lock's key, shared by every replica of the studio. */
const LOCK_KEY = 72_707_369;

const HISTORY = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  readonly name: string;
  readonly sql: string;
}

/** The migrations in `dir`, oldest first. */
export function readMigrations(dir: string): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(dir, name, 'migration.sql'), 'utf8') }));
}

const checksum = (sql: string): string => createHash('sha256').update(sql).digest('hex');

/** Applies what is not applied yet; returns the names it applied. */
export async function migratePostgres(url: string, migrations: readonly Migration[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(HISTORY);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    const ran: string[] = [];
    for (const m of migrations) {
      const was = applied.get(m.name);
      if (was !== undefined) {
        if (was !== checksum(m.sql))
          throw new Error(
            `migration ${m.name} was changed after it was applied to this database: restore it and add a new migration instead`,
          );
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)',
          [randomUUID(), checksum(m.sql), m.name],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.name} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      ran.push(m.name);
    }
    return ran;
  } finally {
    await client.end();
  }
}
