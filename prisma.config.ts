// Prisma's configuration: the JavaScript schema engine with the better-sqlite3 driver adapter
// (no native Prisma engines to download). `migrate dev` does not work with this engine (P1014):
// write migrations with `prisma migrate diff … --script`, apply them with `prisma migrate deploy`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { defineConfig } from 'prisma/config';

const dataDir = path.resolve(process.env.OPSTUDIO_DATA_DIR ?? path.join(import.meta.dirname, 'data'));
process.env.DATABASE_URL ??= `file:${path.join(dataDir, 'studio.db')}`;
const url = process.env.DATABASE_URL;
// better-sqlite3 creates the file but not its folder.
if (url.startsWith('file:')) mkdirSync(path.dirname(url.slice('file:'.length)), { recursive: true });

export default defineConfig({
  schema: path.join(import.meta.dirname, 'prisma', 'schema.prisma'),
  experimental: { adapter: true },
  engine: 'js',
  adapter: () => Promise.resolve(new PrismaBetterSQLite3({ url })),
});
