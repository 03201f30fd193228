import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { isLaunchHostName, launchSecrets, launchUrl } from './launch';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

test('the launch host and session value are derived from the token, apart from each other', () => {
  const a = launchSecrets('token-a-token-a-token-a-token-a', hmac);
  const b = launchSecrets('token-b-token-b-token-b-token-b', hmac);
  assert.ok(isLaunchHostName(a.host), a.host);
  assert.equal(a.host.split('.')[0]?.length, 26, '130 bits, one DNS label');
  assert.notEqual(a.host, b.host);
  assert.notEqual(a.session, b.session);
  assert.deepEqual(launchSecrets('token-a-token-a-token-a-token-a', hmac), a, 'stable for one token');
  assert.match(a.session, /^[A-Za-z0-9_-]{43}$/, 'a cookie-safe value, not the token');
  // the encodings against node's own
  const digest = hmac('token-a-token-a-token-a-token-a', 'opstudio launch session v1');
  assert.equal(a.session, Buffer.from(digest).toString('base64url'));
});

test('a launch host has the one shape', () => {
  assert.equal(isLaunchHostName('localhost'), false);
  assert.equal(isLaunchHostName('abc.localhost'), false);
  assert.equal(isLaunchHostName('abcdefghijklmnopqrstuvwxy1.localhost'), false, 'base32 has no 1');
  assert.equal(isLaunchHostName('abcdefghijklmnopqrstuvwxyz.localhost.example'), false);
});

test('the ready URL names the launch host and keeps the port and scheme', () => {
  const host = 'abcdefghijklmnopqrstuvwxyz.localhost';
  assert.equal(launchUrl('http://127.0.0.1:3000', 'Qx3_-', host), `http://${host}:3000/?token=Qx3_-`);
  assert.equal(launchUrl('https://127.0.0.1:3000/', 'Qx3', host), `https://${host}:3000/?token=Qx3`);
  assert.equal(launchUrl('http://studio.example:80', 'Qx3'), 'http://studio.example/?token=Qx3');
});
