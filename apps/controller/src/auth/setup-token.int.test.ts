// The one-time setup token against the real database (SQLite, and Postgres in npm test's
// Postgres pass): what one replica printed, another accepts, once.
// @postgres: the one-time token spent once across replicas (a conditional delete's count)
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openDb } from '../db';
import { migratedTempDb } from '../../testing';
import { SETUP_TOKEN_TTL_MS, SetupToken } from './setup-token';

const db = openDb(migratedTempDb());
after(() => db.$disconnect());

test('a token printed by one replica is accepted by another, once; a failed account creation gives it back', async () => {
  const first = new SetupToken(db);
  const second = new SetupToken(db);
  assert.equal(await second.active(), false);
  const token = await first.issue();
  assert.equal(await second.active(), true);
  assert.equal(await second.consume('not-the-token'), false);
  assert.equal(await second.consume(''), false);
  assert.equal(await second.consume(token), true);
  assert.equal(await first.consume(token), false, 'spent');
  await first.giveBack(token);
  assert.equal(await second.consume(token), true, 'given back');
  assert.equal(await db.setupToken.count(), 0);
  const stored = await first.issue();
  assert.equal((await db.setupToken.findFirst())?.hash.includes(stored), false, 'only a digest is stored');
  await first.clear();
  assert.equal(await first.active(), false);
});

test('a token expires after a day', async () => {
  let now = Date.parse('2026-11-25T00:00:00Z');
  const tokens = new SetupToken(db, () => now);
  const token = await tokens.issue();
  now += SETUP_TOKEN_TTL_MS + 1;
  assert.equal(await tokens.active(), false);
  assert.equal(await tokens.consume(token), false);
  await tokens.issue(); // drops the expired one
  assert.equal(await db.setupToken.count(), 1);
  await tokens.clear();
});
