// The zip download on a real HTTP server and a real, migrated SQLite file: the bytes are the
// CLI's bytes for the same design version; bad ids, versions and designs get one-line errors.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '@opstudio/shared/design/io';
import { exportZip } from '@opstudio/shared/scaffold/export-zip';
import { repoRoot } from '../config';
import { openDb } from '../db';
import { DesignStore } from '../designs/store';
import { migratedTempDb } from '../../testing';
import { serveExport } from './http';

const memcached = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8');
// as the server does before its first request (services.ts): every export carries its graph, checked with CEL
await loadCel();
const db = openDb(migratedTempDb());
const store = new DesignStore(db);
const server = http.createServer((req, res) => {
  if (!serveExport(store, req, res)) {
    res.writeHead(404);
    res.end();
  }
});
const listening = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
after(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.$disconnect();
});

async function get(
  p: string,
): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Uint8Array; text: string }> {
  await listening;
  const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${p}`);
  const bytes = new Uint8Array(await r.arrayBuffer());
  return {
    status: r.status,
    type: r.headers.get('content-type'),
    disposition: r.headers.get('content-disposition'),
    bytes,
    text: new TextDecoder().decode(bytes),
  };
}

test('GET /api/export/<id>.zip gives the same bytes as the CLI, per version', async () => {
  const first = await store.save({ name: 'memcached-export', yaml: memcached });
  const second = await store.save({
    id: first.id,
    name: 'memcached-export',
    yaml: memcached.replace('maximum: 5', 'maximum: 4'),
  });
  assert.equal(second.version, 2);
  const v1 = parseDesign(memcached);
  assert.ok(v1.ok);

  const latest = await get(`/api/export/${first.id}.zip`);
  assert.equal(latest.status, 200);
  assert.equal(latest.type, 'application/zip');
  assert.equal(latest.disposition, 'attachment; filename="memcached-operator.zip"');
  const pinned = await get(`/api/export/${first.id}.zip?version=1`);
  assert.deepEqual(
    pinned.bytes,
    exportZip(v1.design).bytes,
    'version 1 is what `opstudio export` writes for the same design',
  );
  assert.notDeepEqual(latest.bytes, pinned.bytes, 'the latest version (maximum: 4) differs');
});

test('unknown designs, versions, bad version numbers and malformed ids get one line that says what is wrong', async () => {
  const missing = await get('/api/export/no-such-design.zip');
  assert.equal(missing.status, 404);
  assert.match(missing.text, /^no design with id "no-such-design"/);
  const { id } = await store.save({ name: 'memcached-versions', yaml: memcached });
  const noVersion = await get(`/api/export/${id}.zip?version=7`);
  assert.equal(noVersion.status, 404);
  assert.match(noVersion.text, /has no version 7/);
  const bad = await get(`/api/export/${id}.zip?version=abc`);
  assert.equal(bad.status, 400);
  assert.equal(bad.text, 'version must be a whole number from 1, got "abc"\n');
  assert.equal((await get(`/api/export/${id}.tar`)).status, 404, 'not the export route');
  for (const malformed of ['%zz', '%E2%82', 'abc%']) {
    const r = await get(`/api/export/${malformed}.zip`);
    assert.equal(r.status, 400, `${malformed}: the client's mistake, not a 500`);
    assert.equal(r.text, `the design id in the URL is not valid percent-encoding: "${malformed}"\n`);
  }
});
