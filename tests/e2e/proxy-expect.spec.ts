// Issue 30, point 8: curl sends `Expect: 100-continue` with every body above 1 MB. Through the
// production web app's proxy such a save used to fail with "The studio controller … is not
// answering (UND_ERR_NOT_SUPPORTED)": the hop-by-hop header went on to undici's fetch. Here the
// kyverno ClusterPolicy design (1.1 MB) is saved over plain node:http as curl sends it: headers
// first, the body only after the server's `100 Continue`.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { importCrd } from '../../packages/shared/src/crd/import';
import { serializeDesign } from '../../packages/shared/src/design/io';
import { repo, trpc, unique } from './resources-helpers';

const KYVERNO = path.resolve(repo, '../shared/conformance/crds/kyverno__clusterpolicies.kyverno.io.yaml');

function postExpectingContinue(
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string; continued: boolean }> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = http.request({
      host: '127.0.0.1', // the launch host (<random>.localhost) is this machine
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        ...headers,
        host: url.host,
        expect: '100-continue',
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), continued }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

test('a 1.1 MB design saved with Expect: 100-continue goes through the proxy and is saved', async ({
  request,
  baseURL,
}) => {
  test.skip(!fs.existsSync(KYVERNO), 'the conformance corpus is not next to the repo');
  const imported = importCrd(fs.readFileSync(KYVERNO, 'utf8'));
  expect(imported.ok).toBe(true);
  if (!imported.ok) return;
  const yaml = serializeDesign(imported.design);
  const body = JSON.stringify({ name: unique('expect-continue'), yaml });
  expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024); // over curl's threshold for Expect
  const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const answer = await postExpectingContinue(
    new URL('/api/trpc/designs.save', baseURL),
    { 'content-type': 'application/json', 'x-opstudio-csrf': '1', cookie },
    body,
  );
  expect(answer.continued, 'the server asked for the body with 100 Continue').toBe(true);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  const { id } = (JSON.parse(answer.text) as { result: { data: { id: string } } }).result.data;
  try {
    const res = await request.get(`/api/trpc/designs.get?input=${encodeURIComponent(JSON.stringify({ id }))}`);
    const saved = ((await res.json()) as { result: { data: { yaml: string } } }).result.data;
    expect(saved.yaml === yaml, 'the saved design is the one sent, byte for byte').toBe(true);
  } finally {
    await trpc(request, 'designs.delete', { id }).catch(() => undefined);
  }
});
