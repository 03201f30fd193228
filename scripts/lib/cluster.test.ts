import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { chooseCluster } from './cluster';

const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-choose-'));
const file = (name: string, context: string, current: boolean) => {
  const f = path.join(dir, name);
  writeFileSync(
    f,
    `clusters: [{name: ${context}, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: ${context}, context: {cluster: ${context}, user: u}}]
${current ? `current-context: ${context}` : ''}
`,
  );
  return f;
};

test('nothing named: the sandbox', () => {
  assert.deepEqual(chooseCluster({}, {}), { kind: 'sandbox', label: 'sandbox' });
});

test('a KUBECONFIG list is passed on whole; the context is the first file’s current-context, as kubectl picks it', () => {
  const list = [path.join(dir, 'missing'), file('a', 'alpha', false), file('b', 'beta', true)].join(path.delimiter);
  assert.deepEqual(chooseCluster({}, { KUBECONFIG: list }), {
    kind: 'external',
    kubeconfig: list,
    context: 'beta',
    label: 'beta',
  });
  assert.equal(chooseCluster({ kubeconfig: list, context: 'alpha' }, {}).context, 'alpha');
  assert.throws(
    () => chooseCluster({ kubeconfig: list, context: 'gamma' }, {}),
    /context "gamma" not found .*alpha, beta/,
  );
  assert.throws(
    () => chooseCluster({ kubeconfig: path.join(dir, 'none') }, {}),
    /cannot read kubeconfig .*none \(ENOENT\)/,
  );
});
