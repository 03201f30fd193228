// Issue 12: the sign-in rate limit holds under concurrency, and the one-time setup token is not
// spent by a request that cannot succeed. Through the real server (multi-user mode, a real
// database, production scrypt parameters) as a browser or an attacker's script drives it.
// @postgres: concurrent sign-ins writing and counting rows (SQLite serializes writers, Postgres does not)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api } from '@kubernetes/client-node';
import { loadKubeConfig } from '../kube/kubeconfig';
import { startServer } from '../server';
import type { RunningServer } from '../server';
import { kubeconfigPath, testServerConfig, skipWithoutCluster } from '../../testing';
import { loadAuthConfig } from './config';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const json = { 'content-type': 'application/json', 'x-opstudio-csrf': '1' };

describe('sign-in limits through HTTP (multi-user mode)', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  let server: RunningServer;
  let setupToken = '';
  const leaseNs = `signin-it-${suffix}`;
  const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);
  const post = (route: string, body: object) =>
    fetch(`${server.url}/api/auth/${route}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

  before(async () => {
    await core().createNamespace({ body: { metadata: { name: leaseNs } } });
    const lines: string[] = [];
    server = await startServer({
      config: testServerConfig({
        auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }),
      }),
      log: (line) => lines.push(line),
      services: { lease: { namespace: leaseNs, name: 'opstudio-it' } },
    });
    // no accounts yet: the console shows the one-time setup token
    setupToken = /setup token: (\S+)/.exec(lines.join('\n'))?.[1] ?? '';
    assert.notEqual(setupToken, '');
  });

  after(async () => {
    await server?.close();
    await core()
      .deleteNamespace({ name: leaseNs })
      .catch(() => undefined);
  });

  test('a setup request with a too-short password or a bad name is refused and leaves the token usable', async () => {
    const short = await post('setup', { token: setupToken, name: 'root', password: 'short' });
    assert.equal(short.status, 400);
    assert.equal(await messageOf(short), 'password too short: use at least 12 characters');
    const badName = await post('setup', { token: setupToken, name: 'Root Admin', password: 'root-password-1' });
    assert.equal(badName.status, 400);
    assert.match(await messageOf(badName), /^invalid user name "Root Admin": use 1-63 lowercase letters/);
    const done = await post('setup', { token: setupToken, name: 'root', password: 'root-password-1' });
    assert.equal(done.status, 200, 'the token still works after the refused attempts');
    assert.deepEqual(((await done.json()) as { user: unknown }).user, { name: 'root', role: 'admin' });
    assert.equal(
      (await post('setup', { token: setupToken, name: 'second', password: 'root-password-2' })).status,
      409,
      'and is spent now',
    );
  });

  test('40 parallel wrong sign-ins for one account: at most 5 reach the password hash (401), the rest are refused with 429', async () => {
    await server.services.auth.service.createUser('bob', 'bob-password-12', 'editor');
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post('sign-in', { name: 'bob', password: `guess-number-${i}` })),
    );
    const ms = performance.now() - started;
    const statuses = answers.map((r) => r.status);
    const hashed = statuses.filter((s) => s === 401).length;
    console.log(
      `# 40 parallel wrong sign-ins: ${hashed} answered 401 (hashed), ${statuses.filter((s) => s === 429).length} answered 429, in ${ms.toFixed(0)} ms`,
    );
    assert.ok(hashed >= 1 && hashed <= 5, `${hashed} requests were hashed (401): ${statuses.join(' ')}`);
    assert.equal(statuses.filter((s) => s === 429).length, 40 - hashed, `the others are 429: ${statuses.join(' ')}`);
    const refused = answers.find((r) => r.status === 429);
    assert.ok(Number(refused?.headers.get('retry-after')) > 0, 'a 429 says when to retry');
    assert.match(
      await messageOf(refused as Response),
      /^too many failed sign-ins for this account: try again in \d+ s$/,
    );
    // a burst can lock out more of itself than the limit (its refused attempts count while they are
    // in flight), never fewer: further guesses get the account's remaining checks, five in all …
    let more = 0;
    while (more < 10 && (await post('sign-in', { name: 'bob', password: `another-guess-${more}` })).status === 401)
      more++;
    assert.equal(hashed + more, 5, `${hashed} hashed in the burst, ${more} after it`);
    // … and then it stays locked, even for the right password
    assert.equal((await post('sign-in', { name: 'bob', password: 'bob-password-12' })).status, 429);
  });
});
