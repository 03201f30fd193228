// The conversion webhook's certificates, kept in the studio's data folder (owner-only files) and
// renewed before they expire: a CA for a year, renewed with 30 days left, and a serving
// certificate it signs for 90 days, renewed with 30 days left. After a CA renewal the bundle the
// CRDs carry holds the new CA and the old one until the old one expires, so an API server that
// still has the old bundle keeps trusting the webhook while the CRDs are re-pointed.
import { mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import { issueCa, issueServing, type Issued } from './x509';

const DAY = 24 * 3600 * 1000;
export const CA_DAYS = 365;
export const SERVING_DAYS = 90;
export const RENEW_BEFORE_DAYS = 30;

export interface WebhookCerts {
  readonly ca: Issued;
  readonly serving: Issued;
  /** PEM: the CA, then the previous CA while it is still valid */
  readonly bundle: string;
}

const FILES = { caCert: 'ca.crt', caKey: 'ca.key', cert: 'tls.crt', key: 'tls.key', previous: 'previous-ca.crt' };

function read(dir: string, name: string): string | undefined {
  try {
    return readFileSync(path.join(dir, name), 'utf8');
  } catch {
    return undefined;
  }
}

function write(dir: string, name: string, text: string): void {
  const file = path.join(dir, name);
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}

function loaded(certPem: string | undefined, keyPem: string | undefined): Issued | undefined {
  if (certPem === undefined || keyPem === undefined) return undefined;
  try {
    return { certPem, keyPem, notAfter: new Date(new X509Certificate(certPem).validTo) };
  } catch {
    return undefined;
  }
}

const fresh = (c: Issued | undefined, now: Date): c is Issued =>
  c !== undefined && c.notAfter.getTime() - now.getTime() > RENEW_BEFORE_DAYS * DAY;

/**
 * The certificates in `dir`, issuing or renewing what is missing or near its end: `bundleChanged`
 * when the CA did (the CRDs need the new bundle), `renewed` when anything did (the server needs it).
 */
export function ensureCerts(
  dir: string,
  now = new Date(),
): { certs: WebhookCerts; renewed: boolean; bundleChanged: boolean } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const oldCa = loaded(read(dir, FILES.caCert), read(dir, FILES.caKey));
  let ca = oldCa;
  let changed = false;
  if (!fresh(ca, now)) {
    if (oldCa !== undefined && oldCa.notAfter > now) write(dir, FILES.previous, oldCa.certPem);
    ca = issueCa(now, CA_DAYS);
    write(dir, FILES.caKey, ca.keyPem);
    write(dir, FILES.caCert, ca.certPem);
    changed = true;
  }
  let serving = changed ? undefined : loaded(read(dir, FILES.cert), read(dir, FILES.key));
  const renewed = changed || !fresh(serving, now);
  if (!fresh(serving, now)) {
    serving = issueServing(ca, now, SERVING_DAYS);
    write(dir, FILES.key, serving.keyPem);
    write(dir, FILES.cert, serving.certPem);
  }
  const previous = loaded(read(dir, FILES.previous), '');
  const bundle = ca.certPem + (previous !== undefined && previous.notAfter > now ? previous.certPem : '');
  return { certs: { ca, serving, bundle }, renewed, bundleChanged: changed };
}
