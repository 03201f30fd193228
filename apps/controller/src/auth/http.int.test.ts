// The auth routes and request guard on a real node:http server with a real, migrated SQLite
// database, driven the way a browser (or an attacker's page) would drive them.
// @postgres: users and sessions: expiry compared as dates, a password change in one transaction
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, beforeEach, test } from 'node:test';
import { AuditLog } from '../audit';
import { openDb } from '../db';
import { migratedTempDb } from '../../testing';
import { loadAuthConfig } from './config';
import { StudioAuth } from './http';
import { launchSecretsOf } from './launch-token';
import type { RateLimitOptions } from './rate-limit';
import { AuthService } from './service';

const db = openDb(migratedTempDb());
const servers: http.Server[] = [];
after(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await db.$disconnect();
});
// the sign-in failures live in the database: each test starts with none, as with a fresh limiter
beforeEach(() => db.signInFailure.deleteMany());

const cheap = { logN: 10, r: 8, p: 1 };
const same = {
  'content-type': 'application/json',
  'x-opstudio-csrf': '1',
  'sec-fetch-site': 'same-origin',
  origin: 'http://127.0.0.1:3000',
};

/** The server as server.ts will wire it: guard, auth routes, then "the API" (here: who am I). */
async function serve(auth: StudioAuth): Promise<string> {
  const server = http.createServer((req, res) => {
    if (!auth.guard(req, res)) return;
    void auth.handle(req, res).then(async (handled) => {
      if (handled) return;
      const user = await auth.contextUser(req);
      res.writeHead(user === undefined ? 401 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ user: user ?? null }));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  auth.serveOn({ own: port, web: 3000 }); // as server.ts does once it listens (the web app of these tests: 127.0.0.1:3000)
  return `http://127.0.0.1:${port}`;
}

function multiUser(
  now: () => number = Date.now,
  rateLimit: Partial<RateLimitOptions> = {},
  env: NodeJS.ProcessEnv = {},
) {
  const service = new AuthService(db, { scrypt: cheap, now, rateLimit, sessionTtlMs: 60_000 });
  const audit = new AuditLog(db);
  return {
    service,
    audit,
    auth: new StudioAuth({ config: loadAuthConfig({ OPSTUDIO_AUTH: 'on', ...env }), service, audit }),
  };
}

const signIn = (base: string, name: string, password: string, headers: Record<string, string> = same) =>
  fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers, body: JSON.stringify({ name, password }) });
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

test('single-user mode: the holder of the launch token is admin, there is no sign-in', async () => {
  const auth = new StudioAuth({ config: loadAuthConfig({}), service: new AuthService(db, { scrypt: cheap }) });
  const base = await serve(auth);
  assert.deepEqual(
    await (await fetch(`${base}/api/auth/session`)).json(),
    { mode: 'single-user', user: null, setupRequired: false },
    'no token: nobody',
  );
  const bearer = { authorization: `Bearer ${auth.launchToken?.value}` };
  assert.deepEqual(await (await fetch(`${base}/api/auth/session`, { headers: bearer })).json(), {
    mode: 'single-user',
    user: { name: 'local', role: 'admin' },
    setupRequired: false,
  });
  const res = await signIn(base, 'x', 'y');
  assert.equal(res.status, 409);
  assert.match(((await res.json()) as { error: { message: string } }).error.message, /single-user mode/);
});

/** GET with the Host a browser would send for `host` (Node cannot resolve *.localhost: it connects to 127.0.0.1). */
function getAs(base: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
}

test('single-user mode: the launch cookie holds a derived value and counts only on a host no other port shares', async () => {
  const proxySecret = 'proxy-secret-proxy-secret-0123';
  const auth = new StudioAuth({
    config: loadAuthConfig({ OPSTUDIO_ALLOWED_HOSTS: 'studio.example', OPSTUDIO_PROXY_SECRET: proxySecret }),
    service: new AuthService(db, { scrypt: cheap }),
  });
  const base = await serve(auth);
  const port = new URL(base).port;
  const token = auth.launchToken!.value;
  const { host: launchHost, session } = launchSecretsOf(token);
  assert.equal(auth.launchToken?.host, launchHost);
  const cookie = `opstudio_launch_3000=${session}`;
  const whoami = (headers: Record<string, string>) => getAs(base, '/api/whoami', headers);

  assert.equal(await whoami({ host: `${launchHost}:${port}`, cookie }), 200, 'the launch host');
  assert.equal(await whoami({ host: `studio.example:${port}`, cookie }), 200, 'a configured name');
  for (const shared of ['127.0.0.1', 'localhost', '[::1]'])
    assert.equal(await whoami({ host: `${shared}:${port}`, cookie }), 401, `${shared}: every port shares its cookies`);
  assert.equal(
    await whoami({ host: `${launchHost}:${port}`, cookie: `opstudio_launch_3000=${token}` }),
    401,
    'the raw token is not the cookie value',
  );
  assert.equal(await whoami({ host: `${launchHost}:${port}`, cookie: 'opstudio_launch_3000=wrong' }), 401);
  assert.equal(await whoami({ host: `${launchHost}:4000`, cookie }), 403, 'the launch host with a port not served');
  assert.equal(await whoami({ host: `${'a'.repeat(26)}.localhost:${port}`, cookie }), 403, 'another launch');

  // behind the web app's proxy the browser's host is the forwarded one, believed with the proxy secret only
  const proxied = { host: `127.0.0.1:${port}`, 'x-opstudio-proxy-secret': proxySecret, cookie };
  assert.equal(await whoami({ ...proxied, 'x-forwarded-host': `${launchHost}:3000` }), 200);
  assert.equal(await whoami({ ...proxied, 'x-forwarded-host': '127.0.0.1:3000' }), 401);
  assert.equal(
    await whoami({ host: `127.0.0.1:${port}`, cookie, 'x-forwarded-host': `${launchHost}:3000` }),
    401,
    'no proxy secret: the forwarded host is ignored',
  );
  // the bearer token works on every served host
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `${launchHost}:${port}`])
    assert.equal(await whoami({ host, authorization: `Bearer ${token}` }), 200, host);
});

test('sign in, use the session, sign out: the cookie is HttpOnly, SameSite=Strict, and dead after sign-out', async () => {
  const { service, auth, audit } = multiUser();
  await service.createUser('alice', 'alice-password-1', 'editor');
  const base = await serve(auth);
  assert.equal((await fetch(`${base}/api/whoami`)).status, 401, 'signed out');
  assert.deepEqual(((await (await fetch(`${base}/api/auth/session`)).json()) as { user: unknown }).user, null);

  const wrong = await signIn(base, 'alice', 'not-her-password');
  assert.equal(wrong.status, 401);
  assert.deepEqual(await wrong.json(), { error: { message: 'wrong user name or password' } });
  assert.equal((await signIn(base, 'nobody', 'whatever-password')).status, 401, 'an unknown name answers the same');

  const ok = await signIn(base, 'alice', 'alice-password-1');
  assert.equal(ok.status, 200);
  const setCookie = ok.headers.get('set-cookie') ?? '';
  assert.match(setCookie, /^opstudio_session=[\w-]{43}; Path=\/; Max-Age=60; HttpOnly; SameSite=Strict$/);
  const cookie = cookieOf(ok);
  assert.deepEqual(await (await fetch(`${base}/api/whoami`, { headers: { cookie } })).json(), {
    user: { id: (await service.listUsers())[0]?.id, name: 'alice', role: 'editor' },
  });

  const out = await fetch(`${base}/api/auth/sign-out`, { method: 'POST', headers: { ...same, cookie }, body: '{}' });
  assert.equal(out.status, 200);
  assert.match(out.headers.get('set-cookie') ?? '', /opstudio_session=; Path=\/; Max-Age=0/);
  assert.equal(
    (await fetch(`${base}/api/whoami`, { headers: { cookie } })).status,
    401,
    'the old cookie no longer works',
  );

  const signIns = await audit.list({ action: 'auth.sign-in' });
  assert.deepEqual(signIns.map((e) => [e.actor, e.result]).slice(0, 3), [
    ['alice', 'success'],
    ['nobody', 'denied'],
    ['alice', 'denied'],
  ]);
});

test('an expired session is refused (and removed)', async () => {
  let now = Date.now();
  const { service, auth } = multiUser(() => now);
  await service.createUser('bob', 'bob-password-12', 'viewer');
  const base = await serve(auth);
  const cookie = cookieOf(await signIn(base, 'bob', 'bob-password-12'));
  assert.equal((await fetch(`${base}/api/whoami`, { headers: { cookie } })).status, 200);
  now += 60_001;
  assert.equal((await fetch(`${base}/api/whoami`, { headers: { cookie } })).status, 401);
  now -= 60_001;
  assert.equal(
    (await fetch(`${base}/api/whoami`, { headers: { cookie } })).status,
    401,
    'the row is gone, not merely judged expired',
  );
});

test('the login rate limit engages after repeated failures, even for the right password, and says when to retry', async () => {
  const { service, auth } = multiUser(Date.now, { perAccount: 3, perAddress: 50 });
  await service.createUser('carol', 'carol-password-1', 'admin');
  const base = await serve(auth);
  for (let i = 0; i < 3; i++) assert.equal((await signIn(base, 'carol', `guess-${i}`)).status, 401);
  const limited = await signIn(base, 'carol', 'carol-password-1');
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get('retry-after')) > 800, 'Retry-After in seconds, about the window');
  assert.match(
    ((await limited.json()) as { error: { message: string } }).error.message,
    /too many failed sign-ins for this account: try again in \d+ s/,
  );
});

test('cross-site requests are refused before they reach a handler: form posts, missing header, wrong origin', async () => {
  const { service, auth } = multiUser();
  await service.createUser('dave', 'dave-password-1', 'admin');
  const base = await serve(auth);
  const form = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'name=dave&password=dave-password-1',
  });
  assert.equal(form.status, 415);
  const noHeader = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  assert.equal(noHeader.status, 403);
  assert.equal(
    (
      await signIn(base, 'dave', 'dave-password-1', {
        ...same,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      })
    ).status,
    403,
  );
  assert.equal(
    (await signIn(base, 'dave', 'dave-password-1', { ...same, origin: 'https://evil.example' })).status,
    403,
  );
  assert.equal((await fetch(`${base}/api/auth/sign-in`)).status, 404, 'GET never signs in');
});

test("behind the web app's proxy (with this launch's secret), the browser's address, host and scheme come from x-forwarded-*", async () => {
  const secret = 'proxy-secret-of-this-launch-0123';
  const { service, auth } = multiUser(
    Date.now,
    { perAccount: 50, perAddress: 2 },
    {
      OPSTUDIO_PROXY_SECRET: secret,
      OPSTUDIO_ALLOWED_HOSTS: 'studio.example.com',
    },
  );
  await service.createUser('erin', 'erin-password-1', 'admin');
  const base = await serve(auth);
  const browser = {
    ...same,
    origin: 'https://studio.example.com',
    'x-forwarded-host': 'studio.example.com',
    'x-forwarded-proto': 'https',
    'x-opstudio-proxy-secret': secret,
  };
  // the Origin names a served host, and the cookie is Secure (the browser used HTTPS)
  const ok = await signIn(base, 'erin', 'erin-password-1', { ...browser, 'x-forwarded-for': '203.0.113.1' });
  assert.equal(ok.status, 200);
  assert.match(ok.headers.get('set-cookie') ?? '', /^__Host-opstudio_session=.*; Secure/);
  const plain = await signIn(base, 'erin', 'erin-password-1', {
    ...browser,
    'x-opstudio-proxy-secret': 'not-the-secret',
    'x-forwarded-for': '203.0.113.1',
  });
  assert.equal(plain.status, 200, 'without the secret the forwarded headers are ignored: Host is 127.0.0.1, served');
  const spoofed = await signIn(base, 'erin', 'erin-password-1', {
    ...same,
    'x-forwarded-host': 'r.attacker.example',
    'x-forwarded-for': '203.0.113.9',
  });
  assert.equal(spoofed.status, 200, "a forwarded host from anyone but the proxy is nobody's word");
  // the per-address limit counts each forwarded address on its own
  for (let i = 0; i < 2; i++)
    assert.equal(
      (await signIn(base, 'erin', `bad-${i}`, { ...browser, 'x-forwarded-for': '203.0.113.2' })).status,
      401,
    );
  assert.equal(
    (await signIn(base, 'erin', 'erin-password-1', { ...browser, 'x-forwarded-for': '203.0.113.2' })).status,
    429,
  );
  assert.equal(
    (await signIn(base, 'erin', 'erin-password-1', { ...browser, 'x-forwarded-for': '203.0.113.3' })).status,
    200,
  );
});

test('a 10 MiB body is refused quickly with 413 and a clear message', async () => {
  const { auth } = multiUser();
  const base = await serve(auth);
  const started = performance.now();
  const res = await fetch(`${base}/api/trpc/designs.save`, {
    method: 'POST',
    headers: same,
    body: 'x'.repeat(10 * 1024 * 1024),
  }).catch((err: unknown) => err);
  const ms = performance.now() - started;
  // the server may close the connection while the client is still sending: either way it refused
  if (res instanceof Response) {
    assert.equal(res.status, 413);
    assert.match(
      ((await res.json()) as { error: { message: string } }).error.message,
      /too large \(10 MiB\): the limit is 8 MiB \(OPSTUDIO_MAX_BODY_BYTES\)/,
    );
  } else assert.match(String((res as Error).cause ?? res), /EPIPE|ECONNRESET|closed|other side/i);
  assert.ok(ms < 2000, `took ${ms.toFixed(0)} ms`);
});

test('first run: the one-time setup token creates the first admin once', async () => {
  const fresh = openDb(migratedTempDb());
  try {
    const service = new AuthService(fresh, { scrypt: cheap });
    const auth = new StudioAuth({ config: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }), service });
    const base = await serve(auth);
    const banner = await auth.startupBanner('http://127.0.0.1:3000');
    assert.match(banner ?? '', /or at http:\/\/127\.0\.0\.1:3000\/sign-in with this one-time setup token: /);
    const token = /setup token: (\S+)/.exec(banner ?? '')?.[1] ?? '';
    assert.match(banner ?? '', /npx opstudio admin create <name> --role admin/);
    assert.deepEqual(
      ((await (await fetch(`${base}/api/auth/session`)).json()) as { setupRequired: boolean }).setupRequired,
      true,
    );
    const setup = (body: object) =>
      fetch(`${base}/api/auth/setup`, { method: 'POST', headers: same, body: JSON.stringify(body) });
    assert.equal((await setup({ token: 'wrong', name: 'root', password: 'root-password-1' })).status, 403);
    const done = await setup({ token, name: 'root', password: 'root-password-1' });
    assert.equal(done.status, 200);
    assert.deepEqual(
      await (
        await fetch(`${base}/api/whoami`, { headers: { cookie: cookieOf(done) } })
      )
        .json()
        .then((b) => (b as { user: { role: string } }).user.role),
      'admin',
    );
    assert.equal(
      (await setup({ token, name: 'second', password: 'root-password-2' })).status,
      409,
      'spent: the studio has an account now',
    );
    assert.equal(await auth.startupBanner(undefined), undefined);
  } finally {
    await fresh.$disconnect();
  }
});
