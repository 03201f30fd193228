import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decide, frontDoorSettings } from './front-door';

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

test('the ready link sets the launch cookie for this port and redirects to the clean URL', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz012345';
  const d = decide(req({ host: '127.0.0.1:3000' }, '/designs', `?token=${token}&tab=yaml`), settings);
  assert.deepEqual(d, {
    kind: 'enter',
    cookie: `opstudio_launch_3000=${token}; Path=/; HttpOnly; SameSite=Strict`,
    location: '/designs?tab=yaml',
  });
  const bad = decide(req({ host: '127.0.0.1:3000' }, '/', '?token=%0d%0aSet-Cookie:x'), settings);
  assert.deepEqual(
    bad,
    { kind: 'enter', cookie: '', location: '/' },
    'a malformed token is dropped, never echoed into a header',
  );
  assert.equal(
    decide(req({ host: '127.0.0.1:3000' }, '/api/trpc/x', `?token=${token}`), settings).kind,
    'pass',
    'API routes never set it',
  );
});
