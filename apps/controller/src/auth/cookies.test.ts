import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clearedSessionCookies, parseCookies, sessionCookie, sessionTokenOf } from './cookies';

test('the session cookie is HttpOnly and SameSite=Strict, Secure with the __Host- prefix over HTTPS', () => {
  assert.equal(
    sessionCookie('tok', 3_600_000, false),
    'opstudio_session=tok; Path=/; Max-Age=3600; HttpOnly; SameSite=Strict',
  );
  assert.equal(
    sessionCookie('tok', 3_600_000, true),
    '__Host-opstudio_session=tok; Path=/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure',
  );
  assert.ok(clearedSessionCookies().every((c) => c.includes('Max-Age=0')));
});

test('the token is found among other cookies, the secure name first', () => {
  assert.equal(sessionTokenOf('a=1; opstudio_session=abc; b=2', false), 'abc');
  assert.equal(sessionTokenOf('opstudio_session=plain; __Host-opstudio_session=secure', false), 'secure');
  assert.equal(sessionTokenOf('other=1', false), undefined);
  assert.equal(sessionTokenOf(undefined, false), undefined);
  assert.deepEqual([...parseCookies('x="quoted"; =bad; y')], [['x', 'quoted']]);
});

test('under HTTPS only the __Host- cookie is accepted: a plain one may have been planted', () => {
  assert.equal(sessionTokenOf('opstudio_session=planted', true), undefined);
  assert.equal(sessionTokenOf('opstudio_session=planted; __Host-opstudio_session=real', true), 'real');
});
