// X.509 certificates for the conversion webhook, written in DER by hand over node:crypto's keys and
// signatures (Node has no API that issues a certificate, and the studio adds no dependency for
// it): a self-signed CA, and a serving certificate it signs for 127.0.0.1 and localhost, both
// ECDSA P-256 with SHA-256, with the extensions Go's TLS verifier (the API server's) reads.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';

const der = (tag: number, body: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), length(body.length), body]);
const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => der(0x31, Buffer.concat(parts));
const octets = (b: Buffer) => der(0x04, b);
const bits = (b: Buffer, unused = 0) => der(0x03, Buffer.concat([Buffer.from([unused]), b]));
const explicit = (n: number, body: Buffer) => der(0xa0 + n, body);
const bool = (v: boolean) => der(0x01, Buffer.from([v ? 0xff : 0]));

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let x = n; x > 0; x >>= 8) bytes.unshift(x & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a! + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let x = n >> 7; x > 0; x >>= 7) chunk.unshift(0x80 | (x & 0x7f));
    out.push(...chunk);
  }
  return der(0x06, Buffer.from(out));
}

function integer(b: Buffer): Buffer {
  const body = b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b;
  return der(0x02, body);
}

function time(d: Date): Buffer {
  const iso = d.toISOString(); // 2026-11-30T02:00:00.000Z
  const compact =
    iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16) + iso.slice(17, 19);
  return der(0x17, Buffer.from(`${compact}Z`, 'ascii')); // UTCTime: dates before 2050
}

const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), der(0x0c, Buffer.from(cn, 'utf8')))));
const extension = (id: string, critical: boolean, value: Buffer) =>
  seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

export interface Issued {
  readonly certPem: string;
  readonly keyPem: string;
  readonly notAfter: Date;
}

interface IssueInput {
  readonly subject: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
  readonly ca: boolean;
  /** the CA that signs it; none: self-signed */
  readonly issuer?: { readonly subject: string; readonly key: KeyObject; readonly publicKey: KeyObject };
  readonly ips?: readonly string[];
  readonly dnsNames?: readonly string[];
}

const keyId = (publicKey: KeyObject) =>
  createHash('sha1')
    .update(publicKey.export({ type: 'spki', format: 'der' }).subarray(-65))
    .digest();

function issue(input: IssueInput): Issued {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const signer = input.issuer ?? { subject: input.subject, key: privateKey, publicKey };
  const exts = [
    extension('2.5.29.19', true, input.ca ? seq(bool(true)) : seq()),
    // digitalSignature (+ keyCertSign, cRLSign for the CA)
    extension('2.5.29.15', true, input.ca ? bits(Buffer.from([0x86]), 1) : bits(Buffer.from([0x80]), 7)),
    extension('2.5.29.14', false, octets(keyId(publicKey))),
    extension('2.5.29.35', false, seq(der(0x80, keyId(signer.publicKey)))),
  ];
  if (!input.ca) {
    exts.push(extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))));
    const alt = [
      ...(input.dnsNames ?? []).map((n) => der(0x82, Buffer.from(n, 'ascii'))),
      ...(input.ips ?? []).map((ip) => der(0x87, Buffer.from(ip.split('.').map(Number)))),
    ];
    exts.push(extension('2.5.29.17', false, seq(...alt)));
  }
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_SHA256,
    name(signer.subject),
    seq(time(input.notBefore), time(input.notAfter)),
    name(input.subject),
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(...exts)),
  );
  const signature = sign('sha256', tbs, { key: signer.key, dsaEncoding: 'der' });
  const cert = seq(tbs, ECDSA_SHA256, bits(signature));
  const b64 = cert.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    certPem: `-----BEGIN CERTIFICATE-----\n${b64}${b64.endsWith('\n') ? '' : '\n'}-----END CERTIFICATE-----\n`,
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    notAfter: input.notAfter,
  };
}

const DAY = 24 * 3600 * 1000;

export function issueCa(now: Date, days: number): Issued {
  return issue({
    subject: 'operator-studio conversion webhook CA',
    notBefore: new Date(now.getTime() - 3600_000),
    notAfter: new Date(now.getTime() + days * DAY),
    ca: true,
  });
}

/** A serving certificate for the loopback webhook, signed by `ca`. */
export function issueServing(ca: Issued, now: Date, days: number): Issued {
  const key = createPrivateKey(ca.keyPem);
  return issue({
    subject: 'operator-studio conversion webhook',
    notBefore: new Date(now.getTime() - 3600_000),
    notAfter: new Date(Math.min(now.getTime() + days * DAY, ca.notAfter.getTime())),
    ca: false,
    issuer: { subject: 'operator-studio conversion webhook CA', key, publicKey: createPublicKey(key) },
    ips: ['127.0.0.1'],
    dnsNames: ['localhost'],
  });
}
