import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { celHandler } from './cel-serve';

const hash = '0123456789abcdef';
const wasm = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
let root: string;
let server: http.Server;
let port: number;

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'cel-serve-'));
  const dir = path.join(root, `cel-${hash}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'cel.wasm'), wasm);
  writeFileSync(path.join(dir, 'cel.wasm.gz'), gzipSync(wasm));
  writeFileSync(path.join(dir, 'wasm_exec.js'), 'globalThis.Go = class {};\n');
  mkdirSync(path.join(root, 'app', '.next'), { recursive: true });
  writeFileSync(
    path.join(root, 'app', '.next', 'required-server-files.json'),
    JSON.stringify({ config: { env: { OPSTUDIO_CEL_HASH: hash, OPSTUDIO_CEL_DIR: dir } } }),
  );
  server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  const cel = celHandler(path.join(root, 'app'), { OPSTUDIO_WEB_PORT: String(port) });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!cel(req, res)) res.writeHead(299).end('next');
  });
});

after(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A raw request (fetch would decode the gzip and cannot set Host). */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the module goes out precompressed to a client that takes gzip, as it is to one that does not', async () => {
  const gz = await get(`/_cel/${hash}/cel.wasm`, { 'accept-encoding': 'gzip, br' });
  assert.equal(gz.status, 200);
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gz.headers['content-type'], 'application/wasm');
  assert.equal(gz.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.deepEqual(gz.body, gzipSync(wasm));
  assert.equal(gz.headers['content-length'], String(gz.body.length));
  const raw = await get(`/_cel/${hash}/cel.wasm`);
  assert.equal(raw.headers['content-encoding'], undefined);
  assert.deepEqual(raw.body, wasm);
  const head = await get(`/_cel/${hash}/cel.wasm`, {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-length'], String(wasm.length));
});

test('only the build’s exact URLs; a foreign Host is refused; other paths go to Next', async () => {
  assert.equal((await get(`/_cel/${hash}/wasm_exec.js`)).status, 200);
  for (const p of [
    `/_cel/fedcba9876543210/cel.wasm`,
    `/_cel/${hash}/cel.wasm.gz`,
    `/_cel/${hash}/x/cel.wasm`,
    '/_cel/',
  ])
    assert.equal((await get(p)).status, 404, p);
  const foreign = await get(`/_cel/${hash}/cel.wasm`, { host: 'rebound.example' });
  assert.equal(foreign.status, 403);
  assert.match(foreign.body.toString(), /OPSTUDIO_ALLOWED_HOSTS/);
  assert.equal((await get(`/_cel/${hash}/cel.wasm`, {}, 'POST')).status, 405);
  assert.equal((await get('/_next/static/x.js')).status, 299);
  assert.equal((await get('/_celery')).status, 299);
});
