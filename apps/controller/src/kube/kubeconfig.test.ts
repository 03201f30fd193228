import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KubeConfigError, loadKubeConfig } from './kubeconfig';

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
