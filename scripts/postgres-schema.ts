/**
 * Writes prisma/postgres/schema.prisma from prisma/schema.prisma (the SQLite one, the source).
 * Prisma fixes the provider per schema file, so the studio keeps one schema per database and
 * generates the second: the same models, another provider and client folder. A unit test
 * (scripts/lib/postgres-schema.test.ts) fails when the committed copy is out of date.
 *   node --import tsx scripts/postgres-schema.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { postgresSchema } from './lib/postgres-schema';
import { repoRoot } from './lib/paths';

const source = readFileSync(path.join(repoRoot, 'prisma/schema.prisma'), 'utf8');
writeFileSync(path.join(repoRoot, 'prisma/postgres/schema.prisma'), postgresSchema(source));
console.log('wrote prisma/postgres/schema.prisma');
