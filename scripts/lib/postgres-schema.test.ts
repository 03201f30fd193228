import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './paths';
import { postgresSchema } from './postgres-schema';

test('prisma/postgres/schema.prisma is the SQLite schema with the Postgres provider', () => {
  const read = (p: string) => readFileSync(path.join(repoRoot, p), 'utf8');
  assert.equal(
    read('prisma/postgres/schema.prisma'),
    postgresSchema(read('prisma/schema.prisma')),
    'out of date: run `node --import tsx scripts/postgres-schema.ts`',
  );
});

test('the derived schema names the postgresql provider and its own client folder', () => {
  const out = postgresSchema(readFileSync(path.join(repoRoot, 'prisma/schema.prisma'), 'utf8'));
  assert.match(out, /provider = "postgresql"/);
  assert.match(out, /generated\/prisma-pg"/);
  assert.doesNotMatch(out, /"sqlite"/);
});
