import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, loadConfig, repoRoot } from './config';

test('defaults: loopback, port 3001, SQLite under <repo>/data, no cluster named', () => {
  const c = loadConfig({});
  assert.equal(c.host, '127.0.0.1');
  assert.equal(c.port, 3001);
  assert.equal(c.databaseUrl, `file:${path.join(repoRoot, 'data', 'studio.db')}`);
  assert.equal(c.kubeconfigPath, undefined);
});

test('OPSTUDIO_KUBECONFIG wins over KUBECONFIG; flags win over both', () => {
  assert.equal(loadConfig({ OPSTUDIO_KUBECONFIG: '/a', KUBECONFIG: '/b' }).kubeconfigPath, '/a');
  assert.equal(loadConfig({ KUBECONFIG: '/b' }).kubeconfigPath, '/b');
  assert.equal(loadConfig({ OPSTUDIO_KUBECONFIG: '/a' }, { kubeconfigPath: '/c' }).kubeconfigPath, '/c');
});

test('the data dir moves the default database', () => {
  assert.equal(loadConfig({ OPSTUDIO_DATA_DIR: '/tmp/x' }).databaseUrl, 'file:/tmp/x/studio.db');
});

test('a bad port is one clear line naming the variable', () => {
  for (const bad of ['abc', '-1', '70000', '3.5']) {
    assert.throws(
      () => loadConfig({ OPSTUDIO_CONTROLLER_PORT: bad }),
      (e: Error) => e instanceof ConfigError && /OPSTUDIO_CONTROLLER_PORT/.test(e.message),
      bad,
    );
  }
});

test('OPSTUDIO_WEB_URL: where the console points for the first sign-in; a bad one is refused by name', () => {
  assert.equal(loadConfig({ OPSTUDIO_WEB_URL: 'http://127.0.0.1:3000/' }).webUrl, 'http://127.0.0.1:3000');
  assert.equal(loadConfig({}).webUrl, undefined);
  assert.throws(
    () => loadConfig({ OPSTUDIO_WEB_URL: 'not a url' }),
    /OPSTUDIO_WEB_URL must be a URL like http:\/\/127\.0\.0\.1:3000/,
  );
});
