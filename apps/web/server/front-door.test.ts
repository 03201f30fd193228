import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHmac } from 'node:crypto';
import { launchSecrets } from '@opstudio/shared/security/launch';
import { decide, frontDoorSettings } from './front-door';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

const settings = frontDoorSettings({ OPSTUDIO_WEB_PORT: '3000' });
const req = (headers: Record<string, string>, path = '/', search = '', method = 'GET') => ({
  method,
  pathname: path,
  search,
  headers: { get: (n: string) => headers[n.toLowerCase()] ?? null },
});

test('a foreign Host is refused on every path and method, with the setting named', () => {
  for (const [path, method] of [
    ['/', 'GET'],
    ['/api/trpc/designs.delete', 'POST'],
    ['/api/trpc/live.subscribe', 'GET'],
    ['/api/export/x.zip', 'GET'],
    ['/_next/static/x.js', 'GET'],
    ['/_cel/0123456789abcdef/cel.wasm', 'GET'],
  ] as const) {
    const d = decide(req({ host: 'r.attacker.example:3000' }, path, '', method), settings);
    assert.equal(d.kind, 'refuse', path);
    assert.match(d.kind === 'refuse' ? d.message : '', /OPSTUDIO_ALLOWED_HOSTS/);
  }
  assert.equal(decide(req({}), settings).kind, 'refuse', 'no Host at all');
  assert.equal(decide(req({ host: '127.0.0.1:3100' }), settings).kind, 'refuse', 'another port is another studio');
});

test('X-Forwarded-Host must name this studio too (a same-origin page can set it)', () => {
  assert.equal(decide(req({ host: '127.0.0.1:3000', 'x-forwarded-host': 'evil.example' }), settings).kind, 'refuse');
  assert.equal(decide(req({ host: '127.0.0.1:3000', 'x-forwarded-host': 'localhost:3000' }), settings).kind, 'pass');
});

test('configured hosts are served', () => {
  const team = frontDoorSettings({ OPSTUDIO_WEB_PORT: '3000', OPSTUDIO_ALLOWED_HOSTS: 'studio.example' });
  assert.equal(decide(req({ host: 'studio.example' }), team).kind, 'pass');
  assert.throws(() => frontDoorSettings({ OPSTUDIO_ALLOWED_HOSTS: 'http://x' }), /OPSTUDIO_ALLOWED_HOSTS/);
});

test('the ready link on a loopback name sets no cookie there: it goes on to the launch host', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz012345';
  const { host: launchHost, session } = launchSecrets(token, hmac);
  const launch = frontDoorSettings({ OPSTUDIO_WEB_PORT: '3000', OPSTUDIO_LAUNCH_HOST: launchHost });
  for (const shared of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000']) {
    assert.deepEqual(decide(req({ host: shared }, '/designs', `?token=${token}&tab=yaml`), launch), {
      kind: 'enter',
      cookie: '',
      location: `http://${launchHost}:3000/designs?token=${token}&tab=yaml`,
    });
  }
  const https = decide(req({ host: '127.0.0.1:3000', 'x-forwarded-proto': 'https' }, '/', `?token=${token}`), launch);
  assert.equal(https.kind === 'enter' && https.location, `https://${launchHost}:3000/?token=${token}`);

  // on the launch host: the cookie holds the derived value, host-only (no Domain), then the clean URL
  assert.deepEqual(decide(req({ host: `${launchHost}:3000` }, '/designs', `?token=${token}&tab=yaml`), launch), {
    kind: 'enter',
    cookie: `opstudio_launch_3000=${session}; Path=/; HttpOnly; SameSite=Strict`,
    location: '/designs?tab=yaml',
  });
  assert.equal(decide(req({ host: `${launchHost}:3000` }), launch).kind, 'pass');
});

test('a wrong token learns nothing: no cookie, no launch host, the way-in page', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz012345';
  const { host: launchHost } = launchSecrets(token, hmac);
  const launch = frontDoorSettings({ OPSTUDIO_WEB_PORT: '3000', OPSTUDIO_LAUNCH_HOST: launchHost });
  const wrong = 'wrong-token-wrong-token-wrong-token';
  for (const host of ['127.0.0.1:3000', `${launchHost}:3000`])
    assert.deepEqual(decide(req({ host }, '/', `?token=${wrong}`), launch), {
      kind: 'enter',
      cookie: '',
      location: '/',
    });
  assert.deepEqual(
    decide(req({ host: '127.0.0.1:3000' }, '/', `?token=${token}`), settings),
    { kind: 'enter', cookie: '', location: '/' },
    'no launch host known: never a cookie on a loopback name',
  );
  const bad = decide(req({ host: '127.0.0.1:3000' }, '/', '?token=%0d%0aSet-Cookie:x'), launch);
  assert.deepEqual(
    bad,
    { kind: 'enter', cookie: '', location: '/' },
    'a malformed token is never echoed into a header',
  );
  assert.equal(
    decide(req({ host: '127.0.0.1:3000' }, '/api/trpc/x', `?token=${token}`), launch).kind,
    'pass',
    'API routes never set it',
  );
  // another launch's name (an old bookmark) is refused with what to open instead, and this one is never named
  const stale = decide(req({ host: `${'a'.repeat(26)}.localhost:3000` }), launch);
  assert.equal(stale.kind, 'refuse');
  assert.match(stale.kind === 'refuse' ? stale.message : '', /earlier start of the studio/);
  assert.doesNotMatch(stale.kind === 'refuse' ? stale.message : '', new RegExp(launchHost));
  assert.throws(() => frontDoorSettings({ OPSTUDIO_LAUNCH_HOST: 'evil.example' }), /OPSTUDIO_LAUNCH_HOST/);
});

test('on a configured name the link sets the derived cookie there (its own host, not a shared loopback name)', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz012345';
  const team = frontDoorSettings({ OPSTUDIO_WEB_PORT: '3000', OPSTUDIO_ALLOWED_HOSTS: 'studio.example' });
  const d = decide(req({ host: 'studio.example:8443', 'x-forwarded-proto': 'https' }, '/', `?token=${token}`), team);
  assert.deepEqual(d, {
    kind: 'enter',
    cookie: `opstudio_launch_3000=${launchSecrets(token, hmac).session}; Path=/; HttpOnly; SameSite=Strict; Secure`,
    location: '/',
  });
});

test('behind an outer proxy the forwarded name is the one the browser addressed', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz012345';
  const { host: launchHost } = launchSecrets(token, hmac);
  const launch = frontDoorSettings({ OPSTUDIO_WEB_PORT: '3000', OPSTUDIO_LAUNCH_HOST: launchHost });
  const d = decide(
    req({ host: `${launchHost}:3000`, 'x-forwarded-host': '127.0.0.1:3000' }, '/', `?token=${token}`),
    launch,
  );
  assert.equal(d.kind === 'enter' && d.cookie, '', 'no cookie for a browser on 127.0.0.1');
});
