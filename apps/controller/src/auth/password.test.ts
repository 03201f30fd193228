import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_SCRYPT, generatePassword, hashPassword, hashQueue, verifyPassword } from './password';

test('production hashes use N=2^17, r=8, p=1; a hash verifies its password only, and two hashes of one password differ (salted)', async () => {
  assert.deepEqual(DEFAULT_SCRYPT, { logN: 17, r: 8, p: 1 });
  const started = performance.now();
  const hash = await hashPassword('correct horse battery staple');
  const ms = performance.now() - started;
  console.log(`# one default-cost hash (N=2^17): ${ms.toFixed(0)} ms`);
  assert.match(hash, /^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  assert.ok(ms > 20, `a default-cost hash took only ${ms.toFixed(1)} ms: the cost parameters are not applied`);
  assert.equal(await verifyPassword('correct horse battery staple', hash), true);
  assert.equal(await verifyPassword('correct horse battery stapl', hash), false);
  assert.notEqual(await hashPassword('correct horse battery staple'), hash);
});

test('cheaper parameters are recorded in the hash and honoured when verifying', async () => {
  const hash = await hashPassword('pw-for-tests-only', { logN: 10, r: 8, p: 1 });
  assert.match(hash, /^scrypt\$10\$8\$1\$/);
  assert.equal(await verifyPassword('pw-for-tests-only', hash), true);
});

test('hashes made with the earlier default (N=2^15) still verify', async () => {
  const old = await hashPassword('an older password', { logN: 15, r: 8, p: 1 });
  assert.match(old, /^scrypt\$15\$8\$1\$/);
  assert.equal(await verifyPassword('an older password', old), true);
  assert.equal(await verifyPassword('another password', old), false);
});

test('at most two hashes run at once; the others wait their turn and still finish', async () => {
  const cheap = { logN: 12, r: 8, p: 1 };
  const all = Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password-${i}`, cheap)));
  assert.deepEqual(hashQueue(), { running: 2, waiting: 4 });
  const hashes = await all;
  assert.equal(new Set(hashes).size, 6);
  assert.deepEqual(hashQueue(), { running: 0, waiting: 0 });
});

test('parameters that would need more than 256 MiB are refused, when hashing and in a stored hash', async () => {
  await assert.rejects(hashPassword('x', { logN: 19, r: 8, p: 1 }), /more than 256 MiB per hash/);
  assert.equal(
    await verifyPassword('x', 'scrypt$20$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    false,
  );
});

test('malformed or hostile stored hashes are a plain "no", never a crash or a huge allocation', async () => {
  for (const stored of [
    '',
    'plain',
    'scrypt$15$8$1$$',
    'bcrypt$x$y$z$a$b',
    'scrypt$30$8$1$c2FsdA$aGFzaA',
    'scrypt$15$8$999$c2FsdA$aGFzaA',
    'scrypt$a$b$c$d$e',
  ]) {
    assert.equal(await verifyPassword('anything', stored), false, stored);
  }
});

test('generated passwords are long and differ', () => {
  const a = generatePassword();
  assert.equal(a.length, 20);
  assert.notEqual(a, generatePassword());
  assert.match(a, /^[a-zA-Z2-9]+$/);
});
