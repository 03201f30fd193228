import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ensurePki } from './pki';

test('the PKI: a CA that signed a loopback serving cert and a system:masters client cert; made once', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'sbx-pki-')), 'pki');
  const paths = await ensurePki(dir);
  const ca = new X509Certificate(readFileSync(paths['ca.crt']));
  const server = new X509Certificate(readFileSync(paths['apiserver.crt']));
  const admin = new X509Certificate(readFileSync(paths['admin.crt']));
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
