// The sandbox's certificates, made once per data dir with the openssl CLI: a CA, the API server's
// serving certificate, an admin client certificate in system:masters, and the service-account key pair.
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PKI_FILES = [
  'ca.crt',
  'ca.key',
  'apiserver.crt',
  'apiserver.key',
  'admin.crt',
  'admin.key',
  'sa.key',
  'sa.pub',
] as const;
export type PkiFile = (typeof PKI_FILES)[number];

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

/** Creates the PKI in `pkiDir` unless it is already complete; writes to a temp folder first. */
export async function ensurePki(pkiDir: string): Promise<Record<PkiFile, string>> {
  const paths = pkiPaths(pkiDir);
  if (PKI_FILES.every((f) => existsSync(paths[f]))) return paths;
  const tmp = `${pkiDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(join(tmp, 'openssl.cnf'), opensslConfig());
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
        '/CN=opstudio-sandbox-ca',
      ],
      tmp,
    );
    const leaf = async (name: string, subj: string, ext: string): Promise<void> => {
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
        tmp,
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
        tmp,
      );
      rmSync(join(tmp, `${name}.csr`));
    };
    await leaf('apiserver', '/CN=kube-apiserver', 'server_ext');
    await leaf('admin', '/O=system:masters/CN=opstudio-admin', 'client_ext');
    const sa = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    writeFileSync(join(tmp, 'sa.key'), sa.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(join(tmp, 'sa.pub'), sa.publicKey.export({ type: 'spki', format: 'pem' }));
    mkdirSync(dirname(pkiDir), { recursive: true });
    rmSync(pkiDir, { recursive: true, force: true }); // an incomplete one from an older, interrupted run
    renameSync(tmp, pkiDir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  return paths;
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
