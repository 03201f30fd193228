// HTTPS where the browser connects: the web app and the controller started as npm start starts
// them (startStudio) with a certificate made here by openssl for 127.0.0.1/localhost, in
// multi-user mode, and checked over real HTTPS that trusts only that certificate: the page, HSTS,
// sign-in's `__Host-` Secure cookie. Then a plain-HTTP web app (no HSTS) and the start-up errors
// for bad certificate files. docs/design/0027-tls-and-logs.md.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api } from '@kubernetes/client-node';
import { loadKubeConfig } from '../../apps/controller/src/kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../apps/controller/testing';

const repo = path.resolve(import.meta.dirname, '../..');
const serveEntry = path.join(repo, 'apps/web/server/serve.ts');
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'opstudio-https-'));
// this run's logs and launch-token file stay in the temp dir (paths.ts reads it at import)
process.env.OPSTUDIO_DATA_DIR = tmp;

function makeCert(dir: string, name: string, subjectAltName: string): { cert: string; key: string } {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    `subjectAltName=${subjectAltName}`,
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { cert, key };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request that trusts `ca` only; the name checked is the URL's, whatever Host says. */
function request(
  url: string,
  ca: Buffer,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const checkServerIdentity = (_: string, cert: tls.PeerCertificate) =>
      tls.checkServerIdentity(new URL(url).hostname, cert);
    const options = { method: init.method ?? 'GET', headers: init.headers, ca, checkServerIdentity };
    const req = https.request(url, options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('the studio over HTTPS', { skip: skipWithoutCluster, timeout: 600_000 }, () => {
  const leaseNs = `https-it-${suffix}`;
  const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);
  const good = makeCert(tmp, 'studio', 'DNS:localhost,IP:127.0.0.1');
  const ca = fs.readFileSync(good.cert);
  let webUrl = '';
  let stop: () => Promise<void> = () => Promise.resolve();

  before(async () => {
    await core().createNamespace({ body: { metadata: { name: leaseNs } } });
    const { migrate } = await import('./db');
    const { startStudio } = await import('./services');
    // the web app serves its production build: on a fresh clone the integration stage comes before e2e builds it
    const { ensureWebBuild } = await import('./web-build');
    await ensureWebBuild((line) => console.log(`# ${line}`));
    const { stopServices } = await import('./proc');
    stop = stopServices;
    const databaseFile = path.join(tmp, 'studio.db');
    await migrate(databaseFile);
    execFileSync(
      process.execPath,
      [path.join(repo, 'apps/controller/bin/opstudio.js'), 'admin', 'create', 'ada', '--role', 'admin'],
      {
        env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
        input: 'admin-password-1\n',
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    // the controller inherits these: multi-user mode, a Lease of its own
    process.env.OPSTUDIO_AUTH = 'on';
    process.env.OPSTUDIO_LEASE_NAMESPACE = leaseNs;
    const [webPort, controllerPort] = [await freePort(), await freePort()];
    const studio = await startStudio({
      profile: { name: 'test', webPort, controllerPort, databaseFile },
      cluster: { kind: 'external', label: 'the test sandbox', kubeconfig: kubeconfigPath! },
      host: '127.0.0.1',
      quiet: true,
      tls: { certFile: good.cert, keyFile: good.key },
    });
    webUrl = studio.webUrl;
  });

  after(async () => {
    await stop();
    await core()
      .deleteNamespace({ name: leaseNs })
      .catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('the page answers over HTTPS with HSTS; a foreign Host is still refused', async () => {
    assert.match(webUrl, /^https:\/\/127\.0\.0\.1:\d+$/);
    const page = await request(`${webUrl}/sign-in`, ca);
    assert.equal(page.status, 200);
    assert.match(page.body, /<html/i);
    assert.equal(page.headers['strict-transport-security'], 'max-age=31536000');
    const localhost = await request(webUrl.replace('127.0.0.1', 'localhost'), ca);
    assert.ok(localhost.status < 500, `localhost answered ${localhost.status}`);
    const foreign = await request(`${webUrl}/`, ca, { headers: { host: `evil.example:${new URL(webUrl).port}` } });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers['strict-transport-security'], 'max-age=31536000');
  });

  test('sign-in sets the __Host- session cookie with Secure, even when the client claims plain HTTP', async () => {
    const signIn = await request(`${webUrl}/api/auth/sign-in`, ca, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-opstudio-csrf': '1',
        origin: webUrl,
        'x-forwarded-proto': 'http', // this server terminated TLS: the claim is overwritten
      },
      body: JSON.stringify({ name: 'ada', password: 'admin-password-1' }),
    });
    assert.equal(signIn.status, 200, signIn.body);
    assert.equal(signIn.headers['strict-transport-security'], 'max-age=31536000');
    const cookie = [signIn.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('__Host-opstudio_session='));
    assert.ok(cookie !== undefined, `no __Host- cookie in ${JSON.stringify(signIn.headers['set-cookie'])}`);
    assert.match(cookie, /; Secure(;|$)/);
    assert.match(cookie, /; Path=\/(;|$)/);
    assert.doesNotMatch(cookie, /Domain=/i);
    const session = await request(`${webUrl}/api/auth/session`, ca, { headers: { cookie: cookie.split(';')[0]! } });
    assert.equal(session.status, 200);
    assert.equal((JSON.parse(session.body) as { user?: { name?: string } }).user?.name, 'ada');
  });

  test('a web app without a certificate serves plain HTTP and sends no HSTS', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serveEntry, '--port', String(port)], {
      cwd: path.join(repo, 'apps/web'),
      env: { ...process.env, OPSTUDIO_WEB_PORT: String(port), OPSTUDIO_HSTS: 'max-age=60' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let answer: Response | undefined;
      for (let i = 0; i < 240 && answer === undefined; i++) {
        answer = await fetch(`http://127.0.0.1:${port}/sign-in`).catch(() => undefined);
        if (answer === undefined) await new Promise((r) => setTimeout(r, 250));
      }
      assert.equal(answer?.status, 200);
      assert.equal(answer?.headers.get('strict-transport-security'), null);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('bad certificate files stop the web app at start-up with one line naming the file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opstudio-badcert-'));
  const good = makeCert(dir, 'good', 'IP:127.0.0.1');
  const other = makeCert(dir, 'other', 'IP:127.0.0.1');
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const start = (cert: string, key: string) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', serveEntry, '--port', '1', '--tls-cert', cert], {
      cwd: path.join(repo, 'apps/web'),
      env: { ...process.env, OPSTUDIO_TLS_KEY: key },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const stderr = r.stderr.trim();
    assert.equal(r.status, 1, stderr);
    assert.equal(stderr.split('\n').length, 1, stderr);
    return stderr;
  };

  test('a key that is not the certificate’s', () => {
    assert.equal(
      start(good.cert, other.key),
      `web: the TLS key ${other.key} does not belong to the certificate ${good.cert}`,
    );
  });

  test('a missing file, a key where the certificate should be', () => {
    const missing = path.join(dir, 'missing.crt');
    assert.equal(start(missing, good.key), `web: cannot read the TLS certificate ${missing}: no such file`);
    assert.equal(start(good.key, good.key), `web: the TLS certificate ${good.key} is not a PEM certificate`);
    assert.equal(start(good.cert, good.cert), `web: the TLS key ${good.cert} is not an unencrypted PEM private key`);
  });
});
