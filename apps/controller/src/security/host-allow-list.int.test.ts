// DNS rebinding, on the controller's port: the curl probes through the real HTTP server.
// A page whose name was re-pointed at 127.0.0.1 sends its own name as Host (and, being
// same-origin, whatever Origin and Sec-Fetch-Site go with it); every path but the probes is refused.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { loadAuthConfig } from '../auth';
import { launchSecretsOf } from '../auth/launch-token';
import { startServer } from '../server';
import type { RunningServer } from '../server';
import { testServerConfig, skipWithoutCluster } from '../../testing';

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** Raw HTTP, because fetch may not set Host. */
function request(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      // the live subscription never ends by itself: the first chunk is its answer
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        if ((res.headers['content-type'] ?? '').startsWith('text/event-stream')) req.destroy();
      });
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.end(body);
  });
}

const attacker = (port: number) => ({
  host: `r.attacker.example:${port}`,
  origin: `http://r.attacker.example:${port}`,
  'sec-fetch-site': 'same-origin',
});
const mutation = { 'content-type': 'application/json', 'x-opstudio-csrf': '1' };
const live = `/api/trpc/live.subscribe?input=${encodeURIComponent(JSON.stringify({ topics: ['cluster'] }))}`;

/** The probes: a mutation, a query, the export download and the live subscription. */
const probes = (port: number) =>
  [
    ['POST', '/api/trpc/designs.delete', { ...attacker(port), ...mutation }, '{"id":"nope"}'],
    ['GET', '/api/trpc/cluster.info', attacker(port), undefined],
    ['GET', '/api/export/nope.zip', attacker(port), undefined],
    ['GET', live, attacker(port), undefined],
    ['GET', '/metrics', attacker(port), undefined],
  ] as const;

async function studio(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  return startServer({
    config: testServerConfig({
      webUrl: 'http://127.0.0.1:3999',
      auth: loadAuthConfig(env),
    }),
    log: () => undefined,
  });
}

describe('the controller answers only for its own host names', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  let plain: RunningServer;
  let team: RunningServer;
  const portOf = (s: RunningServer) => Number(new URL(s.url).port);
  const SECRET = 'proxy-secret-of-this-launch-0123';

  before(async () => {
    plain = await studio({ OPSTUDIO_PROXY_SECRET: SECRET });
    team = await studio({ OPSTUDIO_ALLOWED_HOSTS: 'studio.example' });
  });
  after(async () => {
    await plain?.close();
    await team?.close();
  });

  test('a foreign Host is refused with 403 and a one-line reason naming the setting, even with the launch token', async () => {
    const port = portOf(plain);
    for (const [method, path, headers, body] of probes(port)) {
      for (const token of [{}, { authorization: `Bearer ${plain.launchToken}` }] as Record<string, string>[]) {
        const answer = await request(port, method, path, { ...headers, ...token }, body);
        assert.equal(answer.status, 403, `${method} ${path}`);
        assert.match(
          answer.body,
          /request for Host \\"r\.attacker\.example:\d+\\" refused: .*OPSTUDIO_ALLOWED_HOSTS/,
          path,
        );
      }
    }
  });

  test('the same requests on 127.0.0.1 are served once the launch token comes with them; no stack trace in any answer', async () => {
    const port = portOf(plain);
    const own = { host: `127.0.0.1:${port}` };
    const without = await request(port, 'GET', '/api/trpc/cluster.info', own);
    assert.equal(without.status, 401);
    assert.match(without.body, /launch token/);
    const token = { authorization: `Bearer ${plain.launchToken}` };
    assert.equal((await request(port, 'GET', '/api/trpc/cluster.info', { ...own, ...token })).status, 200);
    assert.equal((await request(port, 'GET', live, { ...own, ...token })).status, 200);
    const missing = await request(
      port,
      'POST',
      '/api/trpc/designs.delete',
      { ...own, ...token, ...mutation, origin: 'http://127.0.0.1:3999' },
      '{"id":"nope"}',
    );
    assert.equal(missing.status, 404);
    assert.match(missing.body, /no design with id \\"nope\\"/);
    assert.doesNotMatch(missing.body, /"stack"|\s+at\s|\/work\/|node_modules/, 'no stack trace, no absolute path');
  });

  test('probes answer for any Host (kubelet addresses a pod by IP): they tell nothing', async () => {
    const port = portOf(plain);
    assert.equal((await request(port, 'GET', '/healthz', attacker(port))).status, 200);
  });

  test("from the web app's proxy (with this launch's secret) the browser's X-Forwarded-Host is what counts", async () => {
    const port = portOf(plain);
    const own = { host: `127.0.0.1:${port}`, authorization: `Bearer ${plain.launchToken}` };
    const fromProxy = (forwardedHost: string) =>
      request(port, 'GET', '/api/trpc/cluster.info', {
        ...own,
        'x-opstudio-proxy-secret': SECRET,
        'x-forwarded-host': forwardedHost,
      });
    assert.equal((await fromProxy('127.0.0.1:3999')).status, 200, "the web app's own port");
    const refused = await fromProxy('r.attacker.example:3999');
    assert.equal(refused.status, 403);
    assert.match(refused.body, /X-Forwarded-Host/);
    // without the secret, X-Forwarded-Host is nobody's word: the Host decides
    assert.equal(
      (await request(port, 'GET', '/api/trpc/cluster.info', { ...own, 'x-forwarded-host': 'r.attacker.example:3999' }))
        .status,
      200,
    );
  });

  test('the launch cookie counts on the launch host only: 127.0.0.1 and localhost share their cookies with every port', async () => {
    const port = portOf(plain);
    const { host: launchHost, session: cookieValue } = launchSecretsOf(plain.launchToken!);
    const browser = (forwardedHost: string, path: string) =>
      request(port, 'GET', path, {
        host: `127.0.0.1:${port}`,
        'x-opstudio-proxy-secret': SECRET,
        'x-forwarded-host': forwardedHost,
        cookie: `opstudio_launch_3999=${cookieValue}`,
      });
    const path = '/api/trpc/cluster.info';
    assert.equal((await browser(`${launchHost}:3999`, path)).status, 200, 'on the launch host');
    for (const shared of ['127.0.0.1:3999', 'localhost:3999']) {
      const refused = await browser(shared, path);
      assert.equal(refused.status, 401, shared);
      assert.match(refused.body, /launch token/);
    }
    const session = (host: string) =>
      browser(host, '/api/auth/session').then((a) => JSON.parse(a.body) as { user: unknown });
    assert.deepEqual((await session(`${launchHost}:3999`)).user, { name: 'local', role: 'admin' });
    assert.equal((await session('127.0.0.1:3999')).user, null);
    // the launch host is this server's too (its own port), but a port it does not serve is refused
    const direct = { authorization: `Bearer ${plain.launchToken}` };
    assert.equal(
      (await request(port, 'GET', '/api/trpc/cluster.info', { ...direct, host: `${launchHost}:${port}` })).status,
      200,
    );
    assert.equal(
      (await request(port, 'GET', '/api/trpc/cluster.info', { ...direct, host: `${launchHost}:1` })).status,
      403,
    );
  });

  test('a page on another localhost port may not send state-changing requests', async () => {
    const port = portOf(plain);
    const answer = await request(
      port,
      'POST',
      '/api/trpc/designs.delete',
      {
        host: `127.0.0.1:${port}`,
        authorization: `Bearer ${plain.launchToken}`,
        ...mutation,
        origin: 'http://127.0.0.1:8080',
        'sec-fetch-site': 'same-site',
      },
      '{"id":"x"}',
    );
    assert.equal(answer.status, 403);
  });

  test('with OPSTUDIO_ALLOWED_HOSTS=studio.example that host is served, others still refused', async () => {
    const port = portOf(team);
    const token = { authorization: `Bearer ${team.launchToken}` };
    assert.equal(
      (await request(port, 'GET', '/api/trpc/cluster.info', { host: 'studio.example', ...token })).status,
      200,
    );
    assert.equal(
      (await request(port, 'GET', '/api/trpc/cluster.info', { host: `studio.example:${port}`, ...token })).status,
      200,
    );
    assert.equal((await request(port, 'GET', '/api/trpc/cluster.info', { ...attacker(port), ...token })).status, 403);
  });
});
