import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkListenSafety, isLoopbackHost } from './mode';

test('single-user mode listens on loopback addresses only', () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
    assert.equal(checkListenSafety(host, 'single-user'), undefined, host);
  }
  for (const host of [
    '0.0.0.0',
    '::',
    '[::]',
    '10.0.0.5',
    '192.168.1.10',
    'studio.example.com',
    '127.0.0.1.nip.io',
    '::ffff:10.0.0.1',
  ]) {
    const refusal = checkListenSafety(host, 'single-user');
    assert.match(refusal ?? '', /refusing to listen on .* without sign-in.*--auth/, host);
  }
});

test('multi-user mode may listen anywhere', () => {
  for (const host of ['0.0.0.0', '::', '10.0.0.5', '127.0.0.1'])
    assert.equal(checkListenSafety(host, 'multi-user'), undefined);
});

test('look-alike hosts are not loopback', () => {
  assert.equal(isLoopbackHost('localhost.evil.com'), false);
  assert.equal(isLoopbackHost('127.0.0.1.evil.com'), false);
  assert.equal(isLoopbackHost('LOCALHOST'), true);
});
