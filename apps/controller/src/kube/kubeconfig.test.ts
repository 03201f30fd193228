import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KubeConfigError, loadInClusterConfig, loadKubeConfig, SERVICEACCOUNT_DIR } from './kubeconfig';

const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-kc-'));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

const good = `apiVersion: v1
kind: Config
clusters:
- name: sandbox
  cluster: { server: "https://127.0.0.1:16443/", insecure-skip-tls-verify: true }
- name: other
  cluster: { server: "https://127.0.0.1:6443" }
users:
- name: admin
  user: { token: secret }
contexts:
- name: sandbox
  context: { cluster: sandbox, user: admin }
- name: other
  context: { cluster: other, user: admin }
current-context: sandbox
`;

test('loads the current context and its server URL (trailing slash dropped)', () => {
  const kc = loadKubeConfig(write('good.yaml', good));
  assert.equal(kc.server, 'https://127.0.0.1:16443');
  assert.equal(kc.contextName, 'sandbox');
});

test('an explicit context wins', () => {
  assert.equal(loadKubeConfig(write('good2.yaml', good), 'other').server, 'https://127.0.0.1:6443');
});

test('no path named: refuse instead of falling back to ~/.kube/config', () => {
  assert.throws(
    () => loadKubeConfig(undefined),
    (e: Error) => e instanceof KubeConfigError && /OPSTUDIO_KUBECONFIG/.test(e.message),
  );
});

test('each bad kubeconfig gets one clear line', () => {
  const cases: [string, RegExp][] = [
    [path.join(dir, 'missing.yaml'), /cannot read kubeconfig .*missing\.yaml \(ENOENT\)/],
    [write('garbage.yaml', 'clusters: [\n  - {'), /invalid kubeconfig .*garbage\.yaml/],
    [write('nocontext.yaml', good.replace('current-context: sandbox\n', '')), /no current-context set/],
  ];
  for (const [file, pattern] of cases) {
    assert.throws(
      () => loadKubeConfig(file),
      (e: Error) => e instanceof KubeConfigError && pattern.test(e.message) && !e.message.includes('\n'),
      file,
    );
  }
});

test('an unknown context lists the ones there are', () => {
  assert.throws(
    () => loadKubeConfig(write('good3.yaml', good), 'prod'),
    /context "prod" not found .*\(available: sandbox, other\)/,
  );
});

test('in-cluster: the ServiceAccount files under a root, the server from KUBERNETES_SERVICE_HOST/PORT', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'opstudio-pod-'));
  const sa = path.join(root, SERVICEACCOUNT_DIR);
  const env = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' };
  assert.throws(() => loadInClusterConfig(root, {}), /needs KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT/);
  assert.throws(
    () => loadInClusterConfig(root, env),
    /cannot read .*serviceaccount\/token \(ENOENT\): mount the ServiceAccount token/,
  );
  mkdirSync(sa, { recursive: true });
  writeFileSync(path.join(sa, 'token'), 'a-token');
  writeFileSync(path.join(sa, 'ca.crt'), 'not read until a request');
  writeFileSync(path.join(sa, 'namespace'), 'studio\n');
  const before = process.env.KUBERNETES_SERVICE_HOST;
  const conn = loadInClusterConfig(root, env);
  assert.equal(conn.server, 'https://10.96.0.1:443');
  assert.equal(conn.namespace, 'studio');
  assert.equal(conn.contextName, 'in-cluster');
  assert.equal(process.env.KUBERNETES_SERVICE_HOST, before, 'the process environment is left as it was');
});
