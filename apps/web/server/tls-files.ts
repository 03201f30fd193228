// Reads the certificate and key the web app serves HTTPS with and checks them before anything
// listens, so a wrong path or a key from another certificate stops start-up with one line that
// names the file (not an OpenSSL code at the first handshake).
import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import type { TlsFiles } from './serving-settings';

function readNamed(file: string, what: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new Error(`web: cannot read the TLS ${what} ${file}: ${why}`);
  }
}

/** The certificate and key, checked: each parses, and the key is the certificate's. */
export function loadTls(files: TlsFiles): { cert: Buffer; key: Buffer } {
  const cert = readNamed(files.certFile, 'certificate');
  const key = readNamed(files.keyFile, 'key');
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    throw new Error(`web: the TLS certificate ${files.certFile} is not a PEM certificate`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new Error(`web: the TLS key ${files.keyFile} is not an unencrypted PEM private key`);
  }
  if (!x509.checkPrivateKey(privateKey))
    throw new Error(`web: the TLS key ${files.keyFile} does not belong to the certificate ${files.certFile}`);
  return { cert, key };
}
