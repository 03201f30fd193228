// The sandbox's certificates, made once per data dir with the openssl CLI: a CA, the API server's
// serving certificate, an admin client certificate in system:masters, and the service-account key pair;
// and in pki/etcd/ etcd's own CA with etcd's serving and peer certificates and the API server's
// client certificate for etcd.
//
// etcd gets a CA of its own (as kubeadm does) because the cluster CA also signs what the
// controller-manager's CSR signer approves: anyone allowed to get a CSR approved would otherwise
// hold a certificate etcd trusts, that is every Secret and every object, past RBAC.
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const CLUSTER_FILES = [
  'ca.crt',
  'ca.key',
  'apiserver.crt',
  'apiserver.key',
  'admin.crt',
  'admin.key',
  'sa.key',
  'sa.pub',
] as const;
/** In the `etcd` folder; made as one set, so a PKI from before etcd had TLS gains it in place. */
const ETCD_FILES = [
  'ca.crt',
  'ca.key',
  'server.crt',
  'server.key',
  'peer.crt',
  'peer.key',
  'apiserver-etcd-client.crt',
  'apiserver-etcd-client.key',
] as const;
type EtcdFile = `etcd/${(typeof ETCD_FILES)[number]}`;
export const PKI_FILES = [...CLUSTER_FILES, ...ETCD_FILES.map((f): EtcdFile => `etcd/${f}`)] as const;
export type PkiFile = (typeof CLUSTER_FILES)[number] | EtcdFile;

/** SANs of the API server certificate: loopback plus the in-cluster `kubernetes` service names and IP. */
export const APISERVER_SANS = {
  dns: [
    'localhost',
    'kubernetes',
    'kubernetes.default',
    'kubernetes.default.svc',
    'kubernetes.default.svc.cluster.local',
  ],
  ip: ['127.0.0.1', '10.96.0.1'],
};

/** etcd is only ever dialled on loopback. */
export const ETCD_SANS = { dns: ['localhost'], ip: ['127.0.0.1'] };

export function pkiPaths(pkiDir: string): Record<PkiFile, string> {
  return Object.fromEntries(PKI_FILES.map((f) => [f, join(pkiDir, f)])) as Record<PkiFile, string>;
}

/** The openssl config with one extension section per certificate kind. */
export function opensslConfig(sans = APISERVER_SANS): string {
  return [
    '[req]',
    'distinguished_name = dn',
    'prompt = no',
    '[dn]',
    'CN = opstudio-sandbox',
    '[ca_ext]',
    'basicConstraints = critical,CA:TRUE',
    'keyUsage = critical,keyCertSign,cRLSign,digitalSignature',
    'subjectKeyIdentifier = hash',
    '[server_ext]',
    'basicConstraints = critical,CA:FALSE',
    'keyUsage = critical,digitalSignature,keyEncipherment',
    'extendedKeyUsage = serverAuth',
    'authorityKeyIdentifier = keyid',
    'subjectAltName = @alt',
    '[client_ext]',
    'basicConstraints = critical,CA:FALSE',
    'keyUsage = critical,digitalSignature,keyEncipherment',
    'extendedKeyUsage = clientAuth',
    'authorityKeyIdentifier = keyid',
    // serving and dialling: an etcd peer dials the other members; etcd's HTTP gateway (/v3/kv/…)
    // dials etcd's own gRPC port with the serving certificate, refused under --client-cert-auth
    // without clientAuth (as kubeadm, etcd's server certificate has both)
    '[server_client_ext]',
    'basicConstraints = critical,CA:FALSE',
    'keyUsage = critical,digitalSignature,keyEncipherment',
    'extendedKeyUsage = serverAuth,clientAuth',
    'authorityKeyIdentifier = keyid',
    'subjectAltName = @alt',
    '[alt]',
    ...sans.dns.map((d, i) => `DNS.${i + 1} = ${d}`),
    ...sans.ip.map((ip, i) => `IP.${i + 1} = ${ip}`),
    '',
  ].join('\n');
}

async function openssl(args: string[], cwd: string): Promise<void> {
  try {
    await run('openssl', args, { cwd });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error(
        'openssl is required to create the sandbox certificates: install it (Debian: apt-get install openssl)',
      );
    throw new Error(`openssl ${args[0]} failed: ${(e.stderr ?? e.message).trim().split('\n').at(-1)}`);
  }
}

function serial(): string {
  const b = randomBytes(16);
  b[0] = b[0]! & 0x7f; // positive
  return `0x${b.toString('hex')}`;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
const DAYS = '3650';

/** A CA (ca.crt, ca.key) in `dir`, made with openssl.cnf there. */
async function makeCa(dir: string, cn: string): Promise<void> {
  await openssl(
    [
      'req',
      '-x509',
      '-new',
      '-config',
      'openssl.cnf',
      '-extensions',
      'ca_ext',
      ...EC_KEY,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      DAYS,
      '-subj',
      `/CN=${cn}`,
    ],
    dir,
  );
}

/** `<name>.key` and `<name>.crt` in `dir`, signed by the CA in `dir` with the extension section `ext`. */
async function makeLeaf(dir: string, name: string, subj: string, ext: string): Promise<void> {
  await openssl(
    [
      'req',
      '-new',
      '-config',
      'openssl.cnf',
      ...EC_KEY,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subj,
    ],
    dir,
  );
  await openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-set_serial',
      serial(),
      '-days',
      DAYS,
      '-extfile',
      'openssl.cnf',
      '-extensions',
      ext,
      '-out',
      `${name}.crt`,
    ],
    dir,
  );
  rmSync(join(dir, `${name}.csr`));
}

/**
 * Makes `dir` with `make` unless every one of `files` is there: in a temp folder first, renamed
 * into place when complete, so an interrupted run never leaves a half-made set behind.
 */
async function ensureSet(dir: string, files: readonly string[], make: (tmp: string) => Promise<void>): Promise<void> {
  if (files.every((f) => existsSync(join(dir, f)))) return;
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true, mode: 0o700 });
  try {
    await make(tmp);
    mkdirSync(dirname(dir), { recursive: true, mode: 0o700 });
    rmSync(dir, { recursive: true, force: true }); // an incomplete one from an older, interrupted run
    renameSync(tmp, dir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

async function makeClusterPki(tmp: string): Promise<void> {
  writeFileSync(join(tmp, 'openssl.cnf'), opensslConfig());
  await makeCa(tmp, 'opstudio-sandbox-ca');
  await makeLeaf(tmp, 'apiserver', '/CN=kube-apiserver', 'server_ext');
  await makeLeaf(tmp, 'admin', '/O=system:masters/CN=opstudio-admin', 'client_ext');
  const sa = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  writeFileSync(join(tmp, 'sa.key'), sa.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  writeFileSync(join(tmp, 'sa.pub'), sa.publicKey.export({ type: 'spki', format: 'pem' }));
}

async function makeEtcdPki(tmp: string): Promise<void> {
  writeFileSync(join(tmp, 'openssl.cnf'), opensslConfig(ETCD_SANS));
  await makeCa(tmp, 'opstudio-sandbox-etcd-ca');
  await makeLeaf(tmp, 'server', '/CN=etcd-server', 'server_client_ext');
  await makeLeaf(tmp, 'peer', '/CN=etcd-peer', 'server_client_ext');
  await makeLeaf(tmp, 'apiserver-etcd-client', '/CN=kube-apiserver-etcd-client', 'client_ext');
}

/**
 * Creates the PKI in `pkiDir` unless it is already complete. The cluster part and the etcd part
 * are made separately: an older data dir whose PKI has no `etcd` folder keeps its CA and keys
 * (its kubeconfigs and service-account tokens stay valid) and only gains the etcd certificates.
 */
export async function ensurePki(pkiDir: string): Promise<Record<PkiFile, string>> {
  await ensureSet(pkiDir, CLUSTER_FILES, makeClusterPki);
  await ensureSet(join(pkiDir, 'etcd'), ETCD_FILES, makeEtcdPki);
  return pkiPaths(pkiDir);
}

export interface ClientCredentials {
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

export function readAdminCredentials(pkiDir: string): ClientCredentials {
  const p = pkiPaths(pkiDir);
  return { ca: readFileSync(p['ca.crt']), cert: readFileSync(p['admin.crt']), key: readFileSync(p['admin.key']) };
}

/** What the sandbox itself presents to etcd (its health probe): the API server's etcd client certificate. */
export function readEtcdClientCredentials(pkiDir: string): ClientCredentials {
  const p = pkiPaths(pkiDir);
  return {
    ca: readFileSync(p['etcd/ca.crt']),
    cert: readFileSync(p['etcd/apiserver-etcd-client.crt']),
    key: readFileSync(p['etcd/apiserver-etcd-client.key']),
  };
}
