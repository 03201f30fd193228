// The sign-in rate limit against the real database (SQLite, and Postgres in npm test's Postgres
// pass): its counts are what every replica shares.
// @postgres: the counts every replica shares: rows counted in a time window
import assert from 'node:assert/strict';
import { after, beforeEach, test } from 'node:test';
import { openDb } from '../db';
import { migratedTempDb } from '../../testing';
import { LoginRateLimiter } from './rate-limit';

const minute = 60_000;
const db = openDb(migratedTempDb());
after(() => db.$disconnect());
beforeEach(() => db.signInFailure.deleteMany());

test('the sixth failed attempt on one account within the window is refused, until the oldest failure ages out', async () => {
  const limiter = new LoginRateLimiter(db, { perAccount: 5, perAddress: 100, windowMs: 15 * minute });
  for (let i = 0; i < 5; i++) assert.equal((await limiter.attempt('alice', `10.0.0.${i}`, i * minute)).allowed, true);
  const refused = await limiter.attempt('alice', '10.0.0.9', 5 * minute);
  assert.equal(refused.allowed, false);
  assert.equal(refused.allowed === false && refused.reason, 'account');
  assert.equal(refused.allowed === false && refused.retryAfterMs, 10 * minute);
  assert.equal((await limiter.attempt('bob', '10.0.0.9', 5 * minute)).allowed, true, 'other accounts are not affected');
  assert.equal((await limiter.attempt('alice', '10.0.0.9', 15 * minute + 1)).allowed, true);
});

test('one address guessing many accounts is refused by the per-address count', async () => {
  const limiter = new LoginRateLimiter(db, { perAccount: 5, perAddress: 3, windowMs: minute });
  for (const name of ['a', 'b', 'c']) assert.equal((await limiter.attempt(name, '192.0.2.1', 0)).allowed, true);
  const refused = await limiter.attempt('d', '192.0.2.1', 1000);
  assert.equal(refused.allowed === false && refused.reason, 'address');
  assert.equal((await limiter.attempt('d', '192.0.2.2', 1000)).allowed, true);
});

test('a successful sign-in clears the account count but not the address count', async () => {
  const limiter = new LoginRateLimiter(db, { perAccount: 2, perAddress: 3, windowMs: minute });
  assert.ok((await limiter.attempt('alice', 'x', 0)).allowed);
  const right = await limiter.attempt('alice', 'x', 1);
  assert.ok(right.allowed);
  assert.equal(
    (await limiter.attempt('alice', 'y', 2)).allowed,
    false,
    'counted as failed while the password is checked',
  );
  await right.succeeded();
  assert.equal((await limiter.attempt('alice', 'y', 3)).allowed, true);
  assert.equal((await limiter.attempt('bob', 'x', 4)).allowed, true, "the right password's own attempt left x's count");
  assert.equal((await limiter.attempt('bob', 'x', 5)).allowed, true);
  const refused = await limiter.attempt('carol', 'x', 6);
  assert.equal(refused.allowed === false && refused.reason, 'address', 'the earlier failures still count');
});

test('a replica sees the failures counted by another', async () => {
  const one = new LoginRateLimiter(db, { perAccount: 2, perAddress: 100, windowMs: minute });
  const two = new LoginRateLimiter(db, { perAccount: 2, perAddress: 100, windowMs: minute });
  assert.ok((await one.attempt('carol', 'a', 0)).allowed);
  assert.ok((await two.attempt('carol', 'b', 1)).allowed);
  const refused = await one.attempt('carol', 'c', 2);
  assert.equal(refused.allowed === false && refused.reason, 'account');
});

test('forty parallel attempts, on two replicas: never more than five get to check a password', async () => {
  const replicas = [0, 1].map(() => new LoginRateLimiter(db, { perAccount: 5, perAddress: 1000, windowMs: minute }));
  const attempts = await Promise.all(
    Array.from({ length: 40 }, (_, i) => replicas[i % 2]!.attempt('alice', `192.0.2.${i}`, 0)),
  );
  // an attempt counts every row written before its count, its own included: at most five see five or fewer
  // (while a burst is in flight the refused ones' rows count too, so fewer may pass: never more)
  assert.ok(attempts.filter((a) => a.allowed).length <= 5, `${attempts.filter((a) => a.allowed).length} passed`);
  assert.ok(attempts.filter((a) => !a.allowed).every((a) => !a.allowed && a.reason === 'account'));
  assert.equal(
    await db.signInFailure.count(),
    2 * attempts.filter((a) => a.allowed).length,
    'refused attempts leave no rows',
  );
});

test('old failures are pruned, so made-up names cannot grow the table without end', async () => {
  const limiter = new LoginRateLimiter(db, { perAccount: 1, perAddress: 1_000_000, windowMs: minute, pruneEvery: 50 });
  for (let i = 0; i < 60; i++) await limiter.attempt(`user-${i}`, 'flood', i * minute);
  assert.ok((await db.signInFailure.count()) <= 2 * 12, `${await db.signInFailure.count()} rows kept`);
});
