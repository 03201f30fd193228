// OIDC sign-in against a real OpenID provider (oidc-provider on loopback) and a real, migrated
// database: the studio's auth routes on a node:http server, driven like a browser (redirects
// followed by hand, one cookie jar for 127.0.0.1 as a browser keeps one per host, not per port)
// through the provider's own login and consent pages.
// @postgres: an OIDC account is an upsert by name (ON CONFLICT on Postgres)
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { AuditLog } from '../audit';
import { openDb } from '../db';
import { migratedTempDb } from '../../testing';
import { startTestOidcProvider } from '../../testing/oidc-provider';
import type { TestOidcProvider } from '../../testing/oidc-provider';
import { loadAuthConfig } from './config';
import { StudioAuth } from './http';
import { AuthService } from './service';

const db = openDb(migratedTempDb());
const server = http.createServer();
let auth: StudioAuth | undefined;
let provider: TestOidcProvider | undefined;
let base = '';

before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = await startTestOidcProvider({
    redirectUri: `${base}/api/auth/oidc-callback`,
    accounts: {
      ada: { groups: ['studio-admins', 'everyone'] },
      vic: { groups: ['studio-viewers'] },
      nora: { groups: ['elsewhere'] },
    },
  });
  const config = loadAuthConfig({
    OPSTUDIO_AUTH: 'on',
    ...provider.env({ admin: ['studio-admins'], viewer: ['studio-viewers'] }),
  });
  const service = new AuthService(db, { scrypt: { logN: 10, r: 8, p: 1 }, sessionTtlMs: 60_000 });
  const studio = new StudioAuth({ config, service, audit: new AuditLog(db) });
  auth = studio;
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!studio.guard(req, res)) return;
    void studio.handle(req, res).then(async (handled) => {
      if (handled) return;
      const user = await studio.contextUser(req);
      res.writeHead(user === undefined ? 401 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ user: user ?? null }));
    });
  });
  studio.serveOn({ own: (server.address() as AddressInfo).port, web: undefined });
});

after(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await provider?.stop();
  await db.$disconnect();
});

/** A browser's cookies for 127.0.0.1 (every port), and requests that send them. */
class Browser {
  readonly cookies = new Map<string, string>();

  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.header() },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || /expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
    return res;
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Follows redirects and submits the provider's login and consent forms until the studio's callback has answered. */
  async signIn(login: string, next = '/designs'): Promise<Response> {
    let res = await this.get(`${base}/api/auth/oidc-start?next=${encodeURIComponent(next)}`);
    for (let step = 0; step < 20; step++) {
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location !== null) {
        const url = new URL(location, res.url);
        if (url.pathname === '/api/auth/oidc-callback' && url.origin === base) return this.get(url.href);
        res = await this.get(url.href);
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (action === undefined || prompt === undefined)
        throw new Error(`unexpected page at ${res.url} (${res.status}): ${html.slice(0, 300)}`);
      const form =
        prompt === 'login'
          ? new URLSearchParams({ prompt, login, password: 'any password' })
          : new URLSearchParams({ prompt });
      res = await this.get(new URL(action, res.url).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    }
    throw new Error('the sign-in did not come back to the studio within 20 steps');
  }
}

const sessionOf = async (b: Browser) =>
  (await (await b.get(`${base}/api/auth/session`)).json()) as {
    user: { name: string; role: string } | null;
    oidc?: { provider: string };
  };

test('the session answer names the provider for the sign-in button', async () => {
  const s = await sessionOf(new Browser());
  assert.equal(s.user, null);
  assert.deepEqual(s.oidc, { provider: 'Test IdP' });
});

test('an admin-group user signs in through the provider: a studio session as oidc:<name>, admin, with their mapped groups', async () => {
  const b = new Browser();
  const done = await b.signIn('ada');
  assert.equal(done.status, 303, await done.clone().text());
  assert.equal(done.headers.get('location'), '/designs', 'back where the sign-in started');
  assert.ok(b.cookies.has('opstudio_session'), 'the studio session cookie');
  assert.ok(!b.cookies.has('opstudio_oidc'), 'the flow cookie is spent');
  const session = done.headers.getSetCookie().find((c) => c.startsWith('opstudio_session='));
  assert.match(session ?? '', /HttpOnly/);
  assert.match(session ?? '', /SameSite=Strict/);
  assert.deepEqual((await sessionOf(b)).user, { name: 'oidc:ada', role: 'admin' });
  const who = (await (await b.get(`${base}/api/whoami`)).json()) as { user: { kubeGroups: string[] } };
  assert.deepEqual(who.user.kubeGroups, ['oidc:studio-admins'], 'only the groups the mapping names go to Kubernetes');
  const audit = await db.auditEntry.findFirst({ where: { actor: 'oidc:ada' }, orderBy: { id: 'desc' } });
  assert.equal(audit?.result, 'success');
  // no password sign-in for an OIDC account, whatever is typed
  const local = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-opstudio-csrf': '1' },
    body: JSON.stringify({ name: 'oidc:ada', password: '' }),
  });
  assert.notEqual(local.status, 200);
});

test('a viewer-group user is a viewer', async () => {
  const b = new Browser();
  assert.equal((await b.signIn('vic', '/')).status, 303);
  assert.deepEqual((await sessionOf(b)).user, { name: 'oidc:vic', role: 'viewer' });
});

test('a user in no mapped group is refused with a page that says why, and no session', async () => {
  const b = new Browser();
  const res = await b.signIn('nora');
  assert.equal(res.status, 403);
  assert.match(res.headers.get('content-type') ?? '', /text\/html/);
  const page = await res.text();
  assert.match(page, /None of your groups \(elsewhere\) is given a studio role/);
  assert.match(page, /oidc:nora/);
  assert.doesNotMatch(page, /at .*\.ts:\d+/, 'no stack');
  assert.ok(!b.cookies.has('opstudio_session'));
  assert.equal((await sessionOf(b)).user, null);
  const audit = await db.auditEntry.findFirst({ where: { actor: 'oidc:nora' }, orderBy: { id: 'desc' } });
  assert.equal(audit?.result, 'denied');
});

test('a callback this browser did not start, with a wrong state, or with the provider’s error is refused', async () => {
  const stranger = await fetch(`${base}/api/auth/oidc-callback?code=abc&state=${'s'.repeat(43)}`);
  assert.equal(stranger.status, 400);
  assert.match(await stranger.text(), /started too long ago or in another browser/);

  const b = new Browser();
  const start = await b.get(`${base}/api/auth/oidc-start`);
  assert.equal(start.status, 302);
  const authUrl = new URL(start.headers.get('location') ?? '');
  assert.equal(authUrl.origin, provider?.issuer);
  assert.equal(authUrl.searchParams.get('code_challenge_method'), 'S256');
  assert.ok(authUrl.searchParams.get('nonce'));
  const wrong = await b.get(`${base}/api/auth/oidc-callback?code=abc&state=${'x'.repeat(43)}`);
  assert.equal(wrong.status, 400);
  assert.match(await wrong.text(), /does not match the one this browser started/);

  await b.get(`${base}/api/auth/oidc-start`);
  const denied = await b.get(`${base}/api/auth/oidc-callback?error=access_denied&error_description=user+said+no`);
  assert.equal(denied.status, 403);
  assert.match(await denied.text(), /did not sign you in: access_denied \(user said no\)/);
});

test('OIDC settings: errors name the variable; local accounts alone without an issuer', () => {
  assert.equal(auth?.oidc?.settings.userClaim, 'preferred_username');
  assert.throws(
    () => loadAuthConfig({ OPSTUDIO_AUTH: 'on', OPSTUDIO_OIDC_ISSUER: 'https://id.example.com' }),
    /OPSTUDIO_OIDC_CLIENT_ID/,
  );
  assert.equal(loadAuthConfig({ OPSTUDIO_AUTH: 'on' }).oidc, undefined);
});
