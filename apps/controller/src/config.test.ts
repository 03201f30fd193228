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
  // a KUBECONFIG-style list keeps its order, each entry made absolute; an empty list names no cluster
  assert.equal(
    loadConfig({ OPSTUDIO_KUBECONFIG: `/a${path.delimiter}rel/b${path.delimiter}` }).kubeconfigPath,
    `/a${path.delimiter}${path.resolve('rel/b')}`,
  );
  assert.equal(loadConfig({ OPSTUDIO_KUBECONFIG: path.delimiter }).kubeconfigPath, undefined);
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

test('in-cluster mode: a pod (KUBERNETES_SERVICE_HOST) with no kubeconfig named; a named kubeconfig or the setting wins', () => {
  assert.equal(loadConfig({}).inCluster, false);
  assert.equal(loadConfig({ KUBERNETES_SERVICE_HOST: '10.0.0.1' }).inCluster, true);
  assert.equal(loadConfig({ KUBERNETES_SERVICE_HOST: '10.0.0.1', OPSTUDIO_KUBECONFIG: '/a' }).inCluster, false);
  assert.equal(loadConfig({ KUBERNETES_SERVICE_HOST: '10.0.0.1', OPSTUDIO_IN_CLUSTER: 'false' }).inCluster, false);
  assert.equal(loadConfig({ OPSTUDIO_IN_CLUSTER: 'true', OPSTUDIO_KUBECONFIG: '/a' }).inCluster, true);
  assert.equal(loadConfig({}, { inCluster: true }).inCluster, true);
  assert.throws(() => loadConfig({ OPSTUDIO_IN_CLUSTER: 'yes' }), /OPSTUDIO_IN_CLUSTER must be true or false/);
});

test('the Lease namespace is a setting, checked as a namespace name', () => {
  assert.equal(loadConfig({}).leaseNamespace, undefined);
  assert.equal(loadConfig({ OPSTUDIO_LEASE_NAMESPACE: 'studio' }).leaseNamespace, 'studio');
  assert.throws(
    () => loadConfig({ OPSTUDIO_LEASE_NAMESPACE: 'Not_A_Name' }),
    /OPSTUDIO_LEASE_NAMESPACE must be a namespace name/,
  );
});

test('OPSTUDIO_MAX_CONCURRENT_RECONCILES: reconcile workers per kind, default 1, a whole number from 1 to 64', () => {
  assert.equal(loadConfig({}).maxConcurrentReconciles, 1);
  assert.equal(loadConfig({ OPSTUDIO_MAX_CONCURRENT_RECONCILES: '4' }).maxConcurrentReconciles, 4);
  for (const bad of ['0', '65', '2.5', 'many'])
    assert.throws(
      () => loadConfig({ OPSTUDIO_MAX_CONCURRENT_RECONCILES: bad }),
      (e: Error) => e instanceof ConfigError && /OPSTUDIO_MAX_CONCURRENT_RECONCILES/.test(e.message),
      bad,
    );
});
