import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'yaml';
import { renderKubeconfig } from './kubeconfig';

test('the kubeconfig names the context, points at the loopback server and embeds the CA', () => {
  const text = renderKubeconfig({
    context: 'opstudio-sandbox-test',
    server: 'https://127.0.0.1:16443',
    caPem: 'CA',
    certPem: 'CERT',
    keyPem: 'KEY',
  });
  const k = parse(text) as {
    'current-context': string;
    clusters: { name: string; cluster: { server: string; 'certificate-authority-data': string } }[];
    users: { user: Record<string, string> }[];
    contexts: { name: string; context: { cluster: string; user: string } }[];
  };
  assert.equal(k['current-context'], 'opstudio-sandbox-test');
  assert.equal(k.contexts[0]?.name, 'opstudio-sandbox-test');
  assert.equal(k.clusters[0]?.cluster.server, 'https://127.0.0.1:16443');
  const b64 = (s: string | undefined): string => Buffer.from(s ?? '', 'base64').toString();
  assert.equal(b64(k.clusters[0]?.cluster['certificate-authority-data']), 'CA');
  assert.equal(b64(k.users[0]?.user['client-key-data']), 'KEY');
});
