// The SQLite database and its write-ahead log are readable by the studio's user only: a new one
// from `npm start`'s migration, and one an older studio left world-readable. Real files, real SQLite.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkDb, openDb } from '../../apps/controller/src/db';
import { ensurePrivateDir } from '../../apps/controller/src/db-files';
import { migrate } from './db';

const mode = (p: string) => statSync(p).mode & 0o777;

async function writeThrough(file: string): Promise<void> {
  const db = openDb(`file:${file}`);
  try {
    await checkDb(db);
    await db.design.create({ data: { name: `d-${Date.now()}` } });
    assert.ok(existsSync(`${file}-wal`) && existsSync(`${file}-shm`), 'WAL mode: the sidecars exist while open');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) assert.equal(mode(f), 0o600, `${path.basename(f)} is 0600`);
  } finally {
    await db.$disconnect();
  }
}

test('a new data folder is 0700 and the database, its WAL and SHM are 0600', async () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'opstudio-perm-')), 'data');
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, 'test', 'studio.db');
  await migrate(file);
  assert.equal(mode(dataDir), 0o700);
  assert.equal(mode(path.dirname(file)), 0o700, 'a folder the migration made');
  assert.equal(mode(file), 0o600, 'prisma migrate deploy wrote into the file made 0600 for it');
  await writeThrough(file);
});

test('a world-readable database and data folder from an older studio are tightened at start', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'opstudio-perm-'));
  const file = path.join(dataDir, 'studio.db');
  await migrate(file);
  chmodSync(dataDir, 0o755);
  chmodSync(file, 0o644);
  writeFileSync(`${file}-wal`, '', { mode: 0o644 }); // an empty WAL left behind is valid
  chmodSync(`${file}-wal`, 0o644);
  ensurePrivateDir(dataDir);
  assert.equal(mode(dataDir), 0o700);
  await writeThrough(file);
});
