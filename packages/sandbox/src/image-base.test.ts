import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseImageRef, baseKey, debianMirror } from './image-base';

test('the Debian mirror is the one apt uses for bookworm, from deb822 stanzas or one-line entries', () => {
  const deb822 = [
    'Types: deb',
    '# http://snapshot.debian.org/archive/debian/20250520T000000Z',
    'URIs: http://deb.debian.org/debian/',
    'Suites: bookworm bookworm-updates',
    'Components: main',
    '',
    'Types: deb',
    'URIs: http://deb.debian.org/debian-security',
    'Suites: bookworm-security',
  ].join('\n');
  assert.equal(debianMirror([deb822]), 'http://deb.debian.org/debian');
  const security = 'Types: deb\nURIs: http://security.example/debian-security\nSuites: bookworm-security\n';
  assert.equal(debianMirror([security, deb822]), 'http://deb.debian.org/debian');
  assert.equal(
    debianMirror(['# local\ndeb [arch=amd64] http://mirror.example/debian bookworm main\n']),
    'http://mirror.example/debian',
  );
  assert.equal(debianMirror(['deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main\n']), undefined);
  assert.equal(debianMirror(['Types: deb-src\nURIs: http://src.example/debian\nSuites: bookworm\n']), undefined);
});

test('the base key changes with every input and names the Node version', () => {
  const inputs = { mirror: 'http://deb.debian.org/debian', nodeVersion: '20.20.2', caBundle: 'abc' };
  const key = baseKey(inputs);
  assert.match(key, /^bookworm-node20\.20\.2-[0-9a-f]{12}$/);
  assert.equal(baseKey({ ...inputs }), key);
  assert.notEqual(baseKey({ ...inputs, mirror: 'http://other/debian' }), key);
  assert.notEqual(baseKey({ ...inputs, caBundle: 'def' }), key);
  assert.equal(baseImageRef('build', key), `localhost/opstudio-base:${key}-build`);
});
