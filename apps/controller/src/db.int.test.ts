// The database as the controller uses it: the committed migrations applied by `prisma migrate
// deploy` to a real SQLite file, the generated client over the better-sqlite3 adapter, and
// Prisma's errors turned into tRPC codes by the one error mapper. No cluster needed.
// @postgres: the driver adapter's errors (unique constraint, missing row) mapped to tRPC codes
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toTRPCError } from './api/errors';
import { checkDb, DatabaseError, openDb } from './db';
import type { StudioDb } from './db';
import { migratedTempDb } from '../testing';

describe('the studio database', () => {
  let db: StudioDb;
  before(() => {
    db = openDb(migratedTempDb());
  });
  after(() => db?.$disconnect());

  test('designs keep numbered versions; a version number is unique per design', async () => {
    await checkDb(db);
    const design = await db.design.create({
      data: { name: 'memcached', versions: { create: [{ version: 1, yaml: 'kind: Memcached\n' }] } },
    });
    await db.designVersion.create({ data: { designId: design.id, version: 2, yaml: 'kind: Memcached\nsize: 3\n' } });
    const versions = await db.designVersion.findMany({ where: { designId: design.id }, orderBy: { version: 'asc' } });
    assert.deepEqual(
      versions.map((v) => v.version),
      [1, 2],
    );

    const duplicate = await db.designVersion
      .create({ data: { designId: design.id, version: 2, yaml: 'x' } })
      .catch((e: unknown) => e);
    assert.equal(toTRPCError(duplicate).code, 'CONFLICT');
    const sameName = await db.design.create({ data: { name: 'memcached' } }).catch((e: unknown) => e);
    assert.equal(toTRPCError(sameName).code, 'CONFLICT');
  });

  test('a missing record maps to NOT_FOUND', async () => {
    const err = await db.design.update({ where: { id: 'nope' }, data: { name: 'x' } }).catch((e: unknown) => e);
    assert.equal(toTRPCError(err).code, 'NOT_FOUND');
  });

  test('reconcile runs get increasing ids (the timeline cursor) and keep their JSON text', async () => {
    const run = (name: string) => ({
      controller: 'memcached',
      objectUid: 'uid-1',
      kind: 'Memcached',
      namespace: 'default',
      name,
      triggers: JSON.stringify([{ type: 'watch', event: 'ADDED' }]),
      startedAt: new Date(),
      durationMs: 12,
      outcome: 'success',
      actions: '[]',
      conditions: '[]',
    });
    const a = await db.reconcileRun.create({ data: run('a') });
    const b = await db.reconcileRun.create({ data: run('b') });
    assert.ok(b.id > a.id);
    const after = await db.reconcileRun.findMany({ where: { objectUid: 'uid-1', id: { gt: a.id } } });
    assert.deepEqual(
      after.map((r) => r.name),
      ['b'],
    );
    assert.deepEqual(JSON.parse(after[0]?.triggers ?? 'null'), [{ type: 'watch', event: 'ADDED' }]);
  });

  test('a database without the tables says to run the migrations', async () => {
    const bare = openDb(`file:${path.join(mkdtempSync(path.join(tmpdir(), 'opstudio-bare-')), 'empty.db')}`);
    try {
      await assert.rejects(
        checkDb(bare),
        (e: Error) => e instanceof DatabaseError && /npx prisma migrate deploy/.test(e.message),
      );
    } finally {
      await bare.$disconnect();
    }
  });
});
