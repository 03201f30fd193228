// Sign-in, roles, CSRF and the audit log through the real HTTP server (multi-user mode) against
// the sandbox: what a browser sees, request by request.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { createCaller } from './api/root';
import { loadAuthConfig } from './auth';
import { repoRoot } from './config';
import { loadKubeConfig } from './kube/kubeconfig';
import { startServer, StartupError } from './server';
import type { RunningServer } from './server';
import { kubeconfigPath, testServerConfig, skipWithoutCluster } from '../testing';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const memcached = readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8');
const json = { 'content-type': 'application/json', 'x-opstudio-csrf': '1' };

describe('multi-user mode through HTTP', { skip: skipWithoutCluster }, () => {
  let server: RunningServer;
  const leaseNs = `auth-it-${suffix}`;
  const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);

  before(async () => {
    await core().createNamespace({ body: { metadata: { name: leaseNs } } });
    server = await startServer({
      config: testServerConfig({
        auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }),
      }),
      log: () => undefined,
      services: { lease: { namespace: leaseNs, name: 'opstudio-it' } },
    });
    const accounts = server.services.auth.service;
    // two hashes at once: the two slots password.ts allows
    await Promise.all([
      accounts.createUser('val', 'viewer-password-1', 'viewer'),
      accounts.createUser('ada', 'admin-password-1', 'admin'),
    ]);
  });

  after(async () => {
    await server?.close();
    await core()
      .deleteNamespace({ name: leaseNs })
      .catch(() => undefined);
  });

  const signIn = async (name: string, password: string) => {
    const res = await fetch(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name, password }),
    });
    assert.equal(res.status, 200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  // Each sign-in hashes the password (scrypt, 128 MiB, ~0.6 s of a core; several times that beside
  // the build lane): a test that only needs to be signed in reuses the first session of that user.
  const sessions = new Map<string, Promise<string>>();
  const session = (name: string, password: string): Promise<string> => {
    const existing = sessions.get(name);
    if (existing !== undefined) return existing;
    const created = signIn(name, password);
    sessions.set(name, created);
    return created;
  };
  const save = (cookie: string, headers: Record<string, string> = json) =>
    fetch(`${server.url}/api/trpc/designs.save`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ name: `memcached-${suffix}`, yaml: memcached }),
    });

  test('signed out, the API answers 401; a viewer reads but may not save; an admin saves, and the audit log says who', async () => {
    assert.equal((await fetch(`${server.url}/api/trpc/designs.list`)).status, 401);
    const viewer = await session('val', 'viewer-password-1');
    assert.equal((await fetch(`${server.url}/api/trpc/designs.list`, { headers: { cookie: viewer } })).status, 200);
    const refused = await save(viewer);
    assert.equal(refused.status, 403);
    assert.match(await refused.text(), /your role \(viewer\) cannot do this: it needs editor/);
    const admin = await session('ada', 'admin-password-1');
    assert.equal((await save(admin)).status, 200);
    const audit = await fetch(
      `${server.url}/api/trpc/audit.list?input=${encodeURIComponent(JSON.stringify({ action: 'designs.save' }))}`,
      { headers: { cookie: admin } },
    );
    const [entry] = (
      (await audit.json()) as { result: { data: { actor: string; actorRole: string; result: string; name: string }[] } }
    ).result.data;
    assert.deepEqual(
      [entry?.actor, entry?.actorRole, entry?.result, entry?.name],
      ['ada', 'admin', 'success', `memcached-${suffix}`],
    );
    assert.equal(
      (await fetch(`${server.url}/api/trpc/audit.list?input=%7B%7D`, { headers: { cookie: viewer } })).status,
      403,
      'only admins read the audit log',
    );
  });

  test('admins manage accounts through the API; passwords never come back', async () => {
    const asAdmin = createCaller({ ...server.services, user: { id: 'x', name: 'ada', role: 'admin' } });
    await asAdmin.users.create({ name: 'eve', password: 'eve-password-12', role: 'editor' });
    await assert.rejects(
      asAdmin.users.create({ name: 'eve', password: 'eve-password-12', role: 'viewer' }),
      (e) => e instanceof TRPCError && e.code === 'CONFLICT',
    );
    await assert.rejects(
      asAdmin.users.create({ name: 'Not Valid', password: 'eve-password-12', role: 'viewer' }),
      (e) => e instanceof TRPCError && e.code === 'BAD_REQUEST',
    );
    const listed = await asAdmin.users.list();
    assert.deepEqual(listed.find((u) => u.name === 'eve')?.role, 'editor');
    assert.ok(!JSON.stringify(listed).includes('scrypt'));
    await asAdmin.users.delete({ name: 'eve' });
    await assert.rejects(
      asAdmin.users.delete({ name: 'eve' }),
      (e) => e instanceof TRPCError && e.code === 'NOT_FOUND',
    );
  });

  test('/metrics serves nothing in multi-user mode until a metrics token is set; probes stay open', async () => {
    const metrics = await fetch(`${server.url}/metrics`);
    assert.equal(metrics.status, 401);
    assert.match(await metrics.text(), /OPSTUDIO_METRICS_TOKEN/);
    const viewerCookie = await session('val', 'viewer-password-1');
    assert.equal(
      (await fetch(`${server.url}/metrics`, { headers: { cookie: viewerCookie } })).status,
      401,
      'a session is not a scrape token',
    );
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
  });

  test('a state change without the CSRF header or as a form is refused before tRPC', async () => {
    const admin = await session('ada', 'admin-password-1');
    assert.equal((await save(admin, { 'content-type': 'application/json' })).status, 403);
    assert.equal((await save(admin, { 'content-type': 'text/plain', 'x-opstudio-csrf': '1' })).status, 415);
    assert.equal(
      (await save(admin, { ...json, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status,
      403,
    );
  });
});

test('listening beyond loopback without sign-in is refused at start-up', async () => {
  await assert.rejects(
    startServer({
      config: {
        host: '0.0.0.0',
        port: 0,
        dataDir: '',
        databaseUrl: 'file:/nonexistent/x.db',
        kubeconfigPath: '/nonexistent',
        kubeContext: undefined,
      },
      log: () => undefined,
    }),
    (e: Error) => e instanceof StartupError && /refusing to listen on 0\.0\.0\.0 without sign-in/.test(e.message),
  );
});
