import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ensurePki, PKI_FILES } from './pki';

const cert = (path: string) => new X509Certificate(readFileSync(path));
const newDir = () => join(mkdtempSync(join(tmpdir(), 'sbx-pki-')), 'pki');

test('the PKI: a CA that signed a loopback serving cert and a system:masters client cert; made once', async () => {
  const dir = newDir();
  const paths = await ensurePki(dir);
  const ca = cert(paths['ca.crt']);
  const server = cert(paths['apiserver.crt']);
  const admin = cert(paths['admin.crt']);
  assert.ok(ca.ca);
  assert.ok(server.checkIssued(ca) && server.verify(ca.publicKey));
  assert.ok(admin.checkIssued(ca) && admin.verify(ca.publicKey));
  assert.equal(server.checkIP('127.0.0.1'), '127.0.0.1');
  assert.equal(server.checkIP('10.96.0.1'), '10.96.0.1', 'the in-cluster kubernetes service IP');
  assert.equal(server.checkHost('localhost'), 'localhost');
  assert.match(admin.subject, /O=system:masters/);
  assert.equal(statSync(dir).mode & 0o077, 0, 'private keys are not readable by others');
  const mtime = statSync(paths['ca.key']).mtimeMs;
  await ensurePki(dir);
  assert.equal(statSync(paths['ca.key']).mtimeMs, mtime, 'an existing PKI is kept');
});

test("etcd's certificates come from a CA of its own, which the cluster CA's signer cannot mint for", async () => {
  const paths = await ensurePki(newDir());
  const etcdCa = cert(paths['etcd/ca.crt']);
  const clusterCa = cert(paths['ca.crt']);
  assert.ok(etcdCa.ca);
  assert.notEqual(etcdCa.fingerprint256, clusterCa.fingerprint256);
  assert.equal(cert(paths['admin.crt']).checkIssued(etcdCa), false, 'the admin certificate is no etcd client');
  const server = cert(paths['etcd/server.crt']);
  const peer = cert(paths['etcd/peer.crt']);
  const client = cert(paths['etcd/apiserver-etcd-client.crt']);
  for (const c of [server, peer, client]) assert.ok(c.checkIssued(etcdCa) && c.verify(etcdCa.publicKey));
  for (const c of [server, peer]) {
    assert.equal(c.checkIP('127.0.0.1'), '127.0.0.1');
    assert.equal(c.checkHost('localhost'), 'localhost');
  }
  const [serverAuth, clientAuth] = ['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2'];
  // etcd's gateway dials etcd's gRPC port with the serving certificate; a peer dials the others
  for (const c of [server, peer]) assert.deepEqual([...(c.keyUsage ?? [])].sort(), [serverAuth, clientAuth]);
  assert.deepEqual(client.keyUsage, [clientAuth]);
  assert.equal(statSync(join(paths['etcd/ca.crt'], '..')).mode & 0o077, 0);
});

test('a PKI from before etcd had TLS keeps its CA and keys and gains the etcd certificates', async () => {
  const dir = newDir();
  const paths = await ensurePki(dir);
  rmSync(join(dir, 'etcd'), { recursive: true }); // what an older sandbox data dir holds
  const before = Object.fromEntries(
    ['ca.crt', 'ca.key', 'apiserver.crt', 'admin.key', 'sa.key'].map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
  await ensurePki(dir);
  for (const [f, text] of Object.entries(before)) assert.equal(readFileSync(join(dir, f), 'utf8'), text, `${f} kept`);
  for (const f of PKI_FILES) assert.ok(statSync(paths[f]).size > 0, `${f} exists`);
});
