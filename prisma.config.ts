// Prisma's configuration: the JavaScript schema engine with a driver adapter (no native Prisma
// engines to download). DATABASE_URL picks the database: `file:…` SQLite (the default, under
// data/) with better-sqlite3, `postgresql://…` Postgres with pg. Each has its own schema file
// and migrations folder (prisma/ and prisma/postgres/; see docs/design/0023-postgres.md).
// `migrate dev` does not work with this engine (P1014): write migrations with
// `prisma migrate diff … --script`, apply them with `prisma migrate deploy`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';

const dataDir = path.resolve(process.env.OPSTUDIO_DATA_DIR ?? path.join(import.meta.dirname, 'data'));
process.env.DATABASE_URL ??= `file:${path.join(dataDir, 'studio.db')}`;
const url = process.env.DATABASE_URL;
const postgres = /^postgres(ql)?:\/\//.test(url);
// better-sqlite3 creates the file but not its folder.
if (url.startsWith('file:')) mkdirSync(path.dirname(url.slice('file:'.length)), { recursive: true });

export default defineConfig({
  schema: path.join(import.meta.dirname, 'prisma', ...(postgres ? ['postgres'] : []), 'schema.prisma'),
  experimental: { adapter: true },
  engine: 'js',
  adapter: () => Promise.resolve(postgres ? new PrismaPg({ connectionString: url }) : new PrismaBetterSQLite3({ url })),
});
