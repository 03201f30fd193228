import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generatePassword, hashPassword, verifyPassword } from './password';

test('a hash verifies its password only, and two hashes of one password differ (salted)', async () => {
  const started = performance.now();
  const hash = await hashPassword('correct horse battery staple');
  const ms = performance.now() - started;
  assert.match(hash, /^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  assert.ok(ms > 5, `a default-cost hash took only ${ms.toFixed(1)} ms: the cost parameters are not applied`);
  assert.equal(await verifyPassword('correct horse battery staple', hash), true);
  assert.equal(await verifyPassword('correct horse battery stapl', hash), false);
  assert.notEqual(await hashPassword('correct horse battery staple'), hash);
});

test('cheaper parameters are recorded in the hash and honoured when verifying', async () => {
  const hash = await hashPassword('pw-for-tests-only', { logN: 10, r: 8, p: 1 });
  assert.match(hash, /^scrypt\$10\$8\$1\$/);
  assert.equal(await verifyPassword('pw-for-tests-only', hash), true);
});

test('malformed or hostile stored hashes are a plain "no", never a crash or a huge allocation', async () => {
  for (const stored of ['', 'plain', 'scrypt$15$8$1$$', 'bcrypt$x$y$z$a$b', 'scrypt$30$8$1$c2FsdA$aGFzaA', 'scrypt$15$8$999$c2FsdA$aGFzaA', 'scrypt$a$b$c$d$e']) {
    assert.equal(await verifyPassword('anything', stored), false, stored);
  }
});

test('generated passwords are long and differ', () => {
  const a = generatePassword();
  assert.equal(a.length, 20);
  assert.notEqual(a, generatePassword());
  assert.match(a, /^[a-zA-Z2-9]+$/);
});
