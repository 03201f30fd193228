import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientAddress, forwardedHttps, requestHost } from './client-address';

const req = (remoteAddress: string, headers: Record<string, string>) => ({ socket: { remoteAddress } as never, headers });
const proxied = { 'x-forwarded-for': '198.51.100.7, 203.0.113.9', 'x-forwarded-host': 'studio.example.com', 'x-forwarded-proto': 'https', host: '127.0.0.1:3001' };

test('behind the loopback proxy: the forwarded address (last hop), host and scheme count', () => {
  for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
    assert.equal(clientAddress(req(peer, proxied), true), '203.0.113.9', peer);
    assert.equal(requestHost(req(peer, proxied), true), 'studio.example.com');
    assert.equal(forwardedHttps(req(peer, proxied), true), true);
  }
  assert.equal(clientAddress(req('127.0.0.1', { host: 'h' }), true), '127.0.0.1', 'no header: the peer');
  assert.equal(requestHost(req('127.0.0.1', { host: '127.0.0.1:3001' }), true), '127.0.0.1:3001');
});

test('from any other peer the x-forwarded-* headers are ignored: a client cannot choose its address or host', () => {
  for (const peer of ['192.168.1.20', '10.0.0.1', '2001:db8::1', '128.0.0.1']) {
    assert.equal(clientAddress(req(peer, proxied), true), peer);
    assert.equal(requestHost(req(peer, proxied), true), '127.0.0.1:3001');
    assert.equal(forwardedHttps(req(peer, proxied), true), false);
  }
});

test('with OPSTUDIO_TRUST_PROXY=off they are ignored even from loopback', () => {
  assert.equal(clientAddress(req('127.0.0.1', proxied), false), '127.0.0.1');
  assert.equal(requestHost(req('127.0.0.1', proxied), false), '127.0.0.1:3001');
  assert.equal(forwardedHttps(req('127.0.0.1', proxied), false), false);
});

test('a malformed forwarded host is not used; a long forwarded address is cut', () => {
  assert.equal(requestHost(req('127.0.0.1', { ...proxied, 'x-forwarded-host': 'evil.example/path?x' }), true), '127.0.0.1:3001');
  assert.equal(clientAddress(req('127.0.0.1', { 'x-forwarded-for': 'x'.repeat(500) }), true).length, 64);
});
