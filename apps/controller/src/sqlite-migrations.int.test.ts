// The SQLite migrations (prisma/migrations) in step with the schema: a database migrated by
// `prisma migrate deploy` and one built straight from prisma/schema.prisma (`prisma migrate diff
// --from-empty --to-schema-datamodel --script`) have the same tables, columns, indexes and foreign
// keys, so a model changed without its migration fails here and not on a user's database.
// (`migrate diff --from-migrations` or `--from-url` would say it in one call, but Prisma 6.19
// refuses both with a driver adapter in prisma.config.ts.) postgres-migrate.int.test.ts does the
// same for prisma/postgres in the Postgres pass.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openDb, type StudioDb } from './db';
import { datamodelScript, emptySqliteDb, migratedSqliteDb, testPostgresUrl } from '../testing';

const skip =
  testPostgresUrl !== undefined && testPostgresUrl !== ''
    ? 'the Postgres pass checks prisma/postgres (postgres-migrate.int.test.ts)'
    : false;
const opened: StudioDb[] = [];
after(() => Promise.all(opened.map((db) => db.$disconnect())));

function open(url: string): StudioDb {
  const db = openDb(url);
  opened.push(db);
  return db;
}

/** Every table's columns (by name: a column added by a later migration sits last), indexes and foreign keys. */
async function shape(db: StudioDb): Promise<Record<string, unknown>> {
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name`,
  );
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    const indexes = await db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT name, "unique", origin FROM pragma_index_list(?) ORDER BY name`,
      name,
    );
    out[name] = {
      columns: await db.$queryRawUnsafe(
        `SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY name`,
        name,
      ),
      indexes: await Promise.all(
        indexes.map(async (i) => ({
          ...i,
          columns: await db.$queryRawUnsafe(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`, i.name),
        })),
      ),
      foreignKeys: await db.$queryRawUnsafe(
        `SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY "from"`,
        name,
      ),
    };
  }
  return out;
}

test('the migrations make exactly the schema Prisma generates from prisma/schema.prisma', { skip }, async () => {
  const generatedUrl = emptySqliteDb();
  const script = datamodelScript('prisma/schema.prisma', generatedUrl);
  const generated = open(generatedUrl);
  // Prisma's script: statements each ending in ";" at a line's end, "--" comment lines between
  for (const statement of script.split(/;\s*$/m))
    if (statement.replace(/^--.*$/gm, '').trim() !== '') await generated.$executeRawUnsafe(statement);
  const expected = await shape(generated);
  assert.ok(Object.keys(expected).length >= 5, `the script made the tables: ${Object.keys(expected).join(', ')}`);
  assert.deepEqual(
    await shape(open(migratedSqliteDb())),
    expected,
    'prisma/migrations is out of step with the schema: write a migration (docs/design/0023-postgres.md)',
  );
});
