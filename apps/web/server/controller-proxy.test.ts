// The proxy passes on what the browser sent (address, host, scheme) so the controller's rate
// limit, Origin check and Secure cookie see the browser, not 127.0.0.1. A real HTTP server
// stands in for the controller and echoes the headers it got.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { proxyToController, renderingHeaders } from './controller-proxy';

let server: http.Server;
before(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...req.headers, ':path': req.url }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.OPSTUDIO_CONTROLLER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise((r) => server.close(r)));

const seen = async (headers: Record<string, string>) =>
  (await (
    await proxyToController(new Request('http://studio.lan:3000/api/trpc/cluster.info', { headers }))
  ).json()) as Record<string, string>;

test("x-forwarded-for, -host and -proto carry the browser's values as Next's server set them", async () => {
  const got = await seen({
    'x-forwarded-for': '192.168.1.20',
    'x-forwarded-host': 'studio.lan:3000',
    'x-forwarded-proto': 'https',
    host: 'studio.lan:3000',
  });
  assert.equal(got['x-forwarded-for'], '192.168.1.20');
  assert.equal(got['x-forwarded-host'], 'studio.lan:3000');
  assert.equal(got['x-forwarded-proto'], 'https');
  assert.match(got.host ?? '', /^127\.0\.0\.1:\d+$/, 'the Host header is the controller’s own');
});

test('without x-forwarded-* the request URL supplies host and scheme', async () => {
  const got = await seen({});
  assert.equal(got['x-forwarded-for'], undefined);
  assert.equal(got['x-forwarded-host'], 'studio.lan:3000');
  assert.equal(got['x-forwarded-proto'], 'http');
});

test("the proxy secret goes out only with this launch's value; a browser cannot supply it", async () => {
  const before = process.env.OPSTUDIO_PROXY_SECRET;
  try {
    delete process.env.OPSTUDIO_PROXY_SECRET;
    assert.equal(
      (await seen({ 'x-opstudio-proxy-secret': 'forged-by-a-page-0123' }))['x-opstudio-proxy-secret'],
      undefined,
    );
    process.env.OPSTUDIO_PROXY_SECRET = 'the-real-secret-0123456789';
    assert.equal(
      (await seen({ 'x-opstudio-proxy-secret': 'forged-by-a-page-0123' }))['x-opstudio-proxy-secret'],
      'the-real-secret-0123456789',
    );
  } finally {
    if (before === undefined) delete process.env.OPSTUDIO_PROXY_SECRET;
    else process.env.OPSTUDIO_PROXY_SECRET = before;
  }
});

test('the cluster a request is for reaches the controller: the header, and an SSE stream’s connectionParams', async () => {
  // as trpc/client.tsx sends them: x-opstudio-cluster on queries and mutations, and
  // httpSubscriptionLink's `connectionParams=<JSON>` query parameter on the subscription's URL
  assert.equal(
    (await seen({ 'x-opstudio-cluster': 'arn:aws:eks:eu-west-1:1:cluster%2Fmain' }))['x-opstudio-cluster'],
    'arn:aws:eks:eu-west-1:1:cluster%2Fmain',
  );
  const params = encodeURIComponent(JSON.stringify({ cluster: 'admin@prod' }));
  const path = `/api/trpc/live.subscribe?connectionParams=${params}&input=%7B%7D`;
  const res = await proxyToController(new Request(`http://studio.lan:3000${path}`));
  assert.equal(((await res.json()) as Record<string, string>)[':path'], path);
});

test('a body over the cap is answered 413 with the controller’s own message, not “not answering”', async () => {
  const before = process.env.OPSTUDIO_MAX_BODY_BYTES;
  try {
    process.env.OPSTUDIO_MAX_BODY_BYTES = String(64 * 1024);
    const res = await proxyToController(
      new Request('http://studio.lan:3000/api/trpc/designs.save', { method: 'POST', body: 'x'.repeat(100 * 1024) }),
    );
    assert.equal(res.status, 413);
    const body = (await res.json()) as { error: { message: string; data: { code: string } } };
    assert.equal(body.error.message, 'request body too large (100 KiB): the limit is 64 KiB (OPSTUDIO_MAX_BODY_BYTES)');
    assert.equal(body.error.data.code, 'PAYLOAD_TOO_LARGE');
    // under the cap the body goes on whole, with its length
    const ok = await proxyToController(
      new Request('http://studio.lan:3000/api/trpc/designs.save', { method: 'POST', body: 'y'.repeat(1000) }),
    );
    assert.equal(((await ok.json()) as Record<string, string>)['content-length'], '1000');
  } finally {
    if (before === undefined) delete process.env.OPSTUDIO_MAX_BODY_BYTES;
    else process.env.OPSTUDIO_MAX_BODY_BYTES = before;
  }
});

test('a call made while rendering a page says which host the browser addressed, with the proxy secret', () => {
  const before = process.env.OPSTUDIO_PROXY_SECRET;
  try {
    process.env.OPSTUDIO_PROXY_SECRET = 'secret-of-this-launch';
    const browser = new Headers({ host: 'abcdefghijklmnopqrstuvwxyz.localhost:3000' });
    const h = renderingHeaders(browser, 'opstudio_launch_3000=v');
    assert.equal(h.get('x-forwarded-host'), 'abcdefghijklmnopqrstuvwxyz.localhost:3000');
    assert.equal(h.get('x-forwarded-proto'), 'http');
    assert.equal(h.get('x-opstudio-proxy-secret'), 'secret-of-this-launch');
    assert.equal(h.get('cookie'), 'opstudio_launch_3000=v');
    assert.equal(renderingHeaders(browser, '').get('cookie'), null);
  } finally {
    if (before === undefined) delete process.env.OPSTUDIO_PROXY_SECRET;
    else process.env.OPSTUDIO_PROXY_SECRET = before;
  }
});

test('hop-by-hop headers stop at the proxy: Expect (curl sends it above 1 MB), Connection and what it names', async () => {
  const body = 'z'.repeat(1100 * 1024);
  const res = await proxyToController(
    new Request('http://studio.lan:3000/api/trpc/designs.save', {
      method: 'POST',
      body,
      headers: {
        expect: '100-continue',
        connection: 'keep-alive, x-hop',
        'x-hop': 'named by Connection',
        'keep-alive': 'timeout=5',
        te: 'trailers',
        upgrade: 'h2c',
        'proxy-authorization': 'Basic eDp5',
        'x-opstudio-csrf': '1',
      },
    }),
  );
  assert.equal(res.status, 200);
  const got = (await res.json()) as Record<string, string>;
  for (const h of ['expect', 'x-hop', 'keep-alive', 'te', 'upgrade', 'proxy-authorization'])
    assert.equal(got[h], undefined, `${h} must not be forwarded`);
  assert.equal(got['x-opstudio-csrf'], '1', 'end-to-end headers go on');
  assert.equal(got['content-length'], String(body.length), 'the body goes on whole');
});
