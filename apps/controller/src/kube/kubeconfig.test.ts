import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  KubeConfigError,
  kubeConfigForContext,
  loadInClusterConfig,
  loadKubeConfig,
  readKubeconfigList,
  SERVICEACCOUNT_DIR,
} from './kubeconfig';

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
    // another context's broken cluster does not matter (kubectl only checks the one it uses); this one's does
    [
      write('noserver.yaml', good.replace('server: "https://127.0.0.1:16443/", ', '')),
      /context "sandbox" names no cluster with a server URL/,
    ],
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

test('a path list is merged as kubectl merges it: first file wins a name, missing files skipped, paths resolved per file', () => {
  const sub = path.join(dir, 'second');
  mkdirSync(sub, { recursive: true });
  const first = write('list-first.yaml', good);
  const second = path.join(sub, 'kubeconfig');
  writeFileSync(
    second,
    `clusters:
- name: sandbox
  cluster: { server: "https://evil.example:1" }
- name: third
  cluster: { server: "https://127.0.0.1:26443", certificate-authority: pki/ca.crt }
users:
- name: admin
  user: { token: other }
contexts:
- name: third
  context: { cluster: third, user: admin }
current-context: third
`,
  );
  const list = [path.join(dir, 'absent.yaml'), first, '', second, first].join(':');
  const { kc, paths, missing, contextSource } = readKubeconfigList(list);
  assert.deepEqual(paths, [first, second]);
  assert.deepEqual(missing, [path.join(dir, 'absent.yaml')]);
  assert.deepEqual(
    kc.getContexts().map((c) => c.name),
    ['sandbox', 'other', 'third'],
  );
  assert.equal(kc.getCurrentContext(), 'sandbox', 'current-context from the first file that sets one');
  assert.equal(kc.getCluster('sandbox')?.server, 'https://127.0.0.1:16443', 'the first file wins the name');
  assert.equal(kc.getUser('admin')?.token, 'secret');
  assert.equal(kc.getCluster('third')?.caFile, path.join(sub, 'pki/ca.crt'), 'relative to the file that holds it');
  assert.equal(contextSource.third, second);
  const conn = loadKubeConfig(list, 'third');
  assert.equal(conn.server, 'https://127.0.0.1:26443');
  assert.equal(conn.path, list);
  // one context's own config leaves the merged one as it was
  assert.equal(kubeConfigForContext(kc, 'other').getCurrentCluster()?.server, 'https://127.0.0.1:6443');
  assert.equal(kc.getCurrentContext(), 'sandbox');
});

test('in a path list an unreadable or broken file is an error naming it; all files missing is an error too', () => {
  const unreadable = path.join(dir, 'a-directory');
  mkdirSync(unreadable, { recursive: true });
  const ok = write('list-ok.yaml', good);
  const cases: [string, RegExp][] = [
    [`${ok}:${unreadable}`, /cannot read kubeconfig .*a-directory \(EISDIR\)/],
    [`${ok}:${write('list-garbage.yaml', 'clusters: [\n  - {')}`, /invalid kubeconfig .*list-garbage\.yaml/],
    [
      `${ok}:${write('list-twice.yaml', 'contexts:\n- {name: a, context: {}}\n- {name: a, context: {}}\n')}`,
      /invalid kubeconfig .*list-twice\.yaml: contexts names "a" twice/,
    ],
    [`${path.join(dir, 'gone-1')}:${path.join(dir, 'gone-2')}`, /cannot read kubeconfig .*gone-1, .*gone-2 \(ENOENT\)/],
  ];
  for (const [list, pattern] of cases)
    assert.throws(
      () => readKubeconfigList(list),
      (e: Error) => e instanceof KubeConfigError && pattern.test(e.message) && !e.message.includes('\n'),
      list,
    );
});

test('a broken entry of another context does not stop the one in use (kubectl checks only what it uses)', () => {
  const file = write('other-broken.yaml', good.replace('cluster: { server: "https://127.0.0.1:6443" }', 'cluster: {}'));
  assert.equal(loadKubeConfig(file).server, 'https://127.0.0.1:16443');
  assert.throws(() => loadKubeConfig(file, 'other'), /context "other" names no cluster with a server URL/);
});
