// The webhook's certificates: issued once and reused, the serving certificate renewed 30 days
// before its end, the CA renewed before its own with the old one kept in the bundle while it is
// valid; the serving certificate verifies against the bundle for 127.0.0.1. Install refuses a
// cluster whose API server cannot reach the loopback webhook.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { unreachableFrom } from '../install/conversion';
import { ensureCerts, SERVING_DAYS } from './certs';

const DAY = 24 * 3600 * 1000;

test('issued once, reused, renewed before expiry; the bundle keeps the old CA while it is valid', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'opstudio-certs-'));
  const t0 = new Date('2026-12-01T00:00:00Z');
  const first = ensureCerts(dir, t0);
  assert.equal(first.bundleChanged, true);
  assert.equal(statSync(path.join(dir, 'ca.key')).mode & 0o777, 0o600);
  const leaf = new X509Certificate(first.certs.serving.certPem);
  const ca = new X509Certificate(first.certs.ca.certPem);
  assert.ok(leaf.checkIssued(ca) && leaf.verify(ca.publicKey));
  assert.equal(leaf.checkIP('127.0.0.1'), '127.0.0.1');
  assert.equal(leaf.ca, false);

  const again = ensureCerts(dir, new Date(t0.getTime() + 10 * DAY));
  assert.equal(again.renewed, false);
  assert.equal(again.certs.serving.certPem, first.certs.serving.certPem);

  const late = ensureCerts(dir, new Date(t0.getTime() + (SERVING_DAYS - 20) * DAY));
  assert.deepEqual([late.renewed, late.bundleChanged], [true, false]);
  assert.notEqual(late.certs.serving.certPem, first.certs.serving.certPem);
  assert.equal(late.certs.bundle, first.certs.bundle);

  const yearOn = ensureCerts(dir, new Date(t0.getTime() + 340 * DAY));
  assert.equal(yearOn.bundleChanged, true);
  assert.equal(yearOn.certs.bundle, yearOn.certs.ca.certPem + first.certs.ca.certPem);
  const renewedLeaf = new X509Certificate(yearOn.certs.serving.certPem);
  assert.ok(renewedLeaf.verify(new X509Certificate(yearOn.certs.ca.certPem).publicKey));
});

test('only an API server on loopback can call the webhook', () => {
  assert.equal(unreachableFrom('https://127.0.0.1:16443'), undefined);
  assert.equal(unreachableFrom('https://localhost:6443'), undefined);
  assert.match(
    unreachableFrom('https://k8s.example.com:6443') ?? '',
    /^the API server at https:\/\/k8s\.example\.com:6443 cannot reach .* install the exported operator/,
  );
});
