import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientAddress, forwardedHttps, fromProxy, requestHost } from './client-address';

const SECRET = 'a-secret-of-this-launch-0123456789';
const req = (peer: string, headers: Record<string, string>) => ({ headers, socket: { remoteAddress: peer } }) as never;
const proxied = {
  host: '127.0.0.1:3001',
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-host': 'studio.example.com',
  'x-forwarded-proto': 'https',
};

test("the proxy's forwarded headers count when it presents this launch's secret", () => {
  const r = req('127.0.0.1', { ...proxied, 'x-opstudio-proxy-secret': SECRET });
  assert.equal(fromProxy(r, SECRET), true);
  assert.equal(clientAddress(r, SECRET), '203.0.113.9');
  assert.deepEqual(requestHost(r, SECRET), { header: 'X-Forwarded-Host', value: 'studio.example.com' });
  assert.equal(forwardedHttps(r, SECRET), true);
});

test('from any other peer, loopback included, they are ignored', () => {
  for (const headers of [
    proxied,
    { ...proxied, 'x-opstudio-proxy-secret': 'wrong' },
    { ...proxied, 'x-opstudio-proxy-secret': `${SECRET}x` },
  ]) {
    const r = req('127.0.0.1', headers);
    assert.equal(clientAddress(r, SECRET), '127.0.0.1');
    assert.deepEqual(requestHost(r, SECRET), { header: 'Host', value: '127.0.0.1:3001' });
    assert.equal(forwardedHttps(r, SECRET), false);
  }
  const noSecretConfigured = req('127.0.0.1', { ...proxied, 'x-opstudio-proxy-secret': '' });
  assert.equal(fromProxy(noSecretConfigured, undefined), false, 'no secret configured: nobody is the proxy');
});

test('a long forwarded address is cut', () => {
  assert.equal(
    clientAddress(req('127.0.0.1', { 'x-forwarded-for': 'x'.repeat(500), 'x-opstudio-proxy-secret': SECRET }), SECRET)
      .length,
    64,
  );
});
