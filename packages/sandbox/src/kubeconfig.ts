// The admin kubeconfig of a sandbox: credentials embedded, so the file alone is enough for any client.
import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import type { PkiFile } from './pki';

export interface KubeconfigInput {
  context: string;
  server: string;
  caPem: string;
  certPem: string;
  keyPem: string;
}

const b64 = (s: string): string => Buffer.from(s).toString('base64');

export function renderKubeconfig(k: KubeconfigInput): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: k.context, cluster: { server: k.server, 'certificate-authority-data': b64(k.caPem) } }],
    users: [
      {
        name: `${k.context}-admin`,
        user: { 'client-certificate-data': b64(k.certPem), 'client-key-data': b64(k.keyPem) },
      },
    ],
    contexts: [{ name: k.context, context: { cluster: k.context, user: `${k.context}-admin` } }],
    'current-context': k.context,
    preferences: {},
  });
}

export function kubeconfigFromPki(pki: Record<PkiFile, string>, context: string, server: string): string {
  return renderKubeconfig({
    context,
    server,
    caPem: readFileSync(pki['ca.crt'], 'utf8'),
    certPem: readFileSync(pki['admin.crt'], 'utf8'),
    keyPem: readFileSync(pki['admin.key'], 'utf8'),
  });
}
