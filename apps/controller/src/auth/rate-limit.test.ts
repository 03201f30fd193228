import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LoginRateLimiter } from './rate-limit';

const minute = 60_000;

test('the sixth failed attempt on one account within the window is refused, until the oldest failure ages out', () => {
  const limiter = new LoginRateLimiter({ perAccount: 5, perAddress: 100, windowMs: 15 * minute });
  for (let i = 0; i < 5; i++) {
    assert.deepEqual(limiter.check('alice', `10.0.0.${i}`, i * minute), { allowed: true });
    limiter.recordFailure('alice', `10.0.0.${i}`, i * minute);
  }
  const refused = limiter.check('alice', '10.0.0.9', 5 * minute);
  assert.equal(refused.allowed, false);
  assert.equal(refused.allowed === false && refused.reason, 'account');
  assert.equal(refused.allowed === false && refused.retryAfterMs, 10 * minute);
  assert.deepEqual(limiter.check('bob', '10.0.0.9', 5 * minute), { allowed: true }, 'other accounts are not affected');
  assert.deepEqual(limiter.check('alice', '10.0.0.9', 15 * minute + 1), { allowed: true });
});

test('one address guessing many accounts is refused by the per-address count', () => {
  const limiter = new LoginRateLimiter({ perAccount: 5, perAddress: 3, windowMs: minute });
  for (const name of ['a', 'b', 'c']) limiter.recordFailure(name, '192.0.2.1', 0);
  const refused = limiter.check('d', '192.0.2.1', 1000);
  assert.equal(refused.allowed === false && refused.reason, 'address');
  assert.deepEqual(limiter.check('d', '192.0.2.2', 1000), { allowed: true });
});

test('a successful sign-in clears the account count but not the address count', () => {
  const limiter = new LoginRateLimiter({ perAccount: 2, perAddress: 3, windowMs: minute });
  limiter.recordFailure('alice', 'x', 0);
  const right = limiter.attempt('alice', 'x', 1);
  assert.equal(limiter.check('alice', 'y', 2).allowed, false, 'counted as failed while the password is checked');
  assert.ok(right.allowed);
  right.succeeded();
  assert.equal(limiter.check('alice', 'y', 2).allowed, true);
  limiter.recordFailure('bob', 'x', 3);
  assert.equal(
    limiter.check('carol', 'x', 4).allowed,
    true,
    "the right password's own attempt does not count against the address",
  );
  limiter.recordFailure('bob', 'x', 5);
  assert.equal(limiter.check('carol', 'x', 6).allowed, false, 'the earlier failures still do');
});

test('parallel attempts are counted as they start: only the first five of forty get to check a password', () => {
  const limiter = new LoginRateLimiter({ perAccount: 5, perAddress: 20, windowMs: minute });
  // no await between them: what 40 requests arriving together look like to the limiter
  const attempts = Array.from({ length: 40 }, () => limiter.attempt('alice', '192.0.2.1', 0));
  assert.equal(attempts.filter((a) => a.allowed).length, 5);
  assert.ok(attempts.slice(5).every((a) => !a.allowed && a.reason === 'account'));
});

test('memory stays bounded under a flood of made-up account names', () => {
  const limiter = new LoginRateLimiter({ perAccount: 1, perAddress: 1_000_000, windowMs: minute, maxKeys: 100 });
  for (let i = 0; i < 10_000; i++) limiter.recordFailure(`user-${i}`, 'flood', i);
  // The newest names are remembered (and blocked), the oldest were evicted.
  assert.equal(limiter.check('user-9999', 'other', 10_000).allowed, false);
  assert.equal(limiter.check('user-0', 'other', 10_000).allowed, true);
  const size = (limiter as unknown as { accounts: { failures: Map<string, unknown> } }).accounts.failures.size;
  assert.ok(size <= 100, `remembered ${size} accounts`);
});
