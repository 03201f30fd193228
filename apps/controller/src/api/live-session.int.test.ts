// Issue 12: live streams end when their session ends, and filter with the user's current role.
// The real server in multi-user mode against the sandbox, a browser's stream read over SSE with
// fetch (so the test sees the server end it); the user is deleted by a second database client,
// as `opstudio admin delete` in another process does.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { AuthService, loadAuthConfig } from '../auth';
import { openDb } from '../db';
import { loadKubeConfig } from '../kube/kubeconfig';
import type { LiveEvent } from '../live/events';
import { deleteCrd, installCrd, widgetCrd } from '../../testing/resources';
import { grantRole } from '../../testing/rbac';
import { startServer } from '../server';
import type { RunningServer } from '../server';
import { eventually, kubeconfigPath, migratedTempDb, testServerConfig, skipWithoutCluster } from '../../testing';

const id = randomUUID().slice(0, 8);
const group = `sess-${id}.opstudio.dev`;
const [nsA, nsB] = [`sess-a-${id}`, `sess-b-${id}`];
const kindTopic = `resources:${group}/v1/widgets`;

/** A browser's live subscription over SSE: the events it got, and when the server ended the stream. */
async function openStream(url: string, cookie: string, topics: string[]) {
  const stop = new AbortController();
  const input = encodeURIComponent(JSON.stringify({ topics }));
  const res = await fetch(`${url}/api/trpc/live.subscribe?input=${input}`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: stop.signal,
  });
  const events: LiveEvent[] = [];
  let endedAt: number | undefined;
  const reading = (async () => {
    let buffer = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += Buffer.from(chunk).toString('utf8');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        if (lines.some((l) => l.startsWith('event:'))) continue; // tRPC's own: connected, ping, return
        const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim());
        if (data.length > 0) events.push(JSON.parse(data.join('\n')) as LiveEvent);
      }
    }
    endedAt = Date.now();
  })().catch(() => undefined); // aborted by close()
  return { status: res.status, events, endedAt: () => endedAt, close: async () => (stop.abort(), await reading) };
}

const names = (events: readonly LiveEvent[]) =>
  events.flatMap((e) =>
    e.topic.startsWith('resources:') && e.type === 'upsert' && 'item' in e ? [(e.item as { name: string }).name] : [],
  );

describe('live streams follow their session (multi-user mode)', { skip: skipWithoutCluster, timeout: 120_000 }, () => {
  let server: RunningServer;
  const databaseUrl = migratedTempDb();
  const conn = () => loadKubeConfig(kubeconfigPath);
  const widget = (namespace: string, name: string) =>
    conn()
      .kc.makeApiClient(CustomObjectsApi)
      .createNamespacedCustomObject({
        group,
        version: 'v1',
        namespace,
        plural: 'widgets',
        body: { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name }, spec: { size: 1 } },
      });
  const signIn = async (name: string, password: string) => {
    const res = await fetch(`${server.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-opstudio-csrf': '1' },
      body: JSON.stringify({ name, password }),
    });
    assert.equal(res.status, 200);
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };

  before(async () => {
    const { kc } = conn();
    for (const ns of [nsA, nsB])
      await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: ns } } });
    await installCrd(kc, widgetCrd(group));
    // Kubernetes RBAC by studio role: editors may list Widgets in A, viewers in B
    for (const [namespace, role] of [
      [nsA, 'editor'],
      [nsB, 'viewer'],
    ] as const) {
      await grantRole(kc, {
        namespace,
        role: 'widget-reader',
        rules: [{ apiGroups: [group], resources: ['widgets'], verbs: ['get', 'list', 'watch'] }],
        subject: { kind: 'Group', name: `opstudio:${role}` },
      });
    }
    server = await startServer({
      config: testServerConfig({
        databaseUrl,
        auth: loadAuthConfig({ OPSTUDIO_AUTH: 'on' }),
      }),
      log: () => undefined,
      services: { lease: { namespace: nsA, name: 'opstudio-it' } },
    });
  });

  after(async () => {
    await server?.close();
    const { kc } = conn();
    await deleteCrd(kc, `widgets.${group}`);
    for (const ns of [nsA, nsB])
      await kc
        .makeApiClient(CoreV1Api)
        .deleteNamespace({ name: ns })
        .catch(() => undefined);
  });

  test('a stream opened by a user who is then deleted (by another process) stops within 5 s; reconnecting is refused', async () => {
    await server.services.auth.service.createUser('bob', 'bob-password-12', 'viewer');
    const cookie = await signIn('bob', 'bob-password-12');
    const stream = await openStream(server.url, cookie, ['namespaces']);
    const cli = openDb(databaseUrl);
    try {
      assert.equal(stream.status, 200);
      await eventually('the namespaces snapshot', 10_000, () =>
        stream.events.some((e) => e.topic === 'namespaces' && e.type === 'snapshot') ? true : undefined,
      );
      const deletedAt = Date.now();
      await new AuthService(cli).deleteUser('bob');
      const endedAt = await eventually('the server to end the stream', 5_000, () => stream.endedAt());
      console.log(`# user deleted by another process → stream ended after ${endedAt - deletedAt} ms`);
      // nothing reaches the deleted user any more; its browser's reconnect is refused
      const name = `after-${id}`;
      await conn()
        .kc.makeApiClient(CoreV1Api)
        .createNamespace({ body: { metadata: { name } } });
      await conn().kc.makeApiClient(CoreV1Api).deleteNamespace({ name });
      assert.ok(!stream.events.some((e) => e.topic === 'namespaces' && e.type === 'upsert' && e.item.name === name));
      // (a subscription's refusal comes inside the SSE answer, as tRPC's client reads it)
      const again = await fetch(
        `${server.url}/api/trpc/live.subscribe?input=${encodeURIComponent(JSON.stringify({ topics: ['namespaces'] }))}`,
        { headers: { cookie } },
      );
      const refusal = /event: serialized-error\ndata: (.*)\n/.exec(await again.text())?.[1];
      assert.deepEqual(JSON.parse(refusal ?? '{}'), {
        message: 'sign in first (your session may have expired)',
        code: -32001,
        data: { code: 'UNAUTHORIZED', httpStatus: 401, path: 'live.subscribe' },
      });
    } finally {
      await stream.close();
      await cli.$disconnect();
    }
  });

  test('after a role change the open stream shows what the new role may list', async () => {
    await server.services.auth.service.createUser('carol', 'carol-password-1', 'editor');
    const stream = await openStream(server.url, await signIn('carol', 'carol-password-1'), [kindTopic]);
    try {
      assert.equal(stream.status, 200);
      await eventually('the snapshot', 10_000, () =>
        stream.events.some((e) => e.type === 'snapshot') ? true : undefined,
      );
      await widget(nsA, 'a-as-editor');
      await eventually("A's widget, shown to the editor", 10_000, () =>
        names(stream.events).includes('a-as-editor') ? true : undefined,
      );
      await server.services.auth.service.setRole('carol', 'viewer');
      await server.services.auth.service.sessions.nudge(); // setRole nudged the watcher: wait for that check
      await widget(nsA, 'a-as-viewer');
      await widget(nsB, 'b-as-viewer');
      await eventually("B's widget, shown to the viewer", 10_000, () =>
        names(stream.events).includes('b-as-viewer') ? true : undefined,
      );
      assert.deepEqual(
        names(stream.events),
        ['a-as-editor', 'b-as-viewer'],
        'each widget shown by the role the user had when it came',
      );
      assert.equal(stream.endedAt(), undefined, 'a role change keeps the stream open');
    } finally {
      await stream.close();
    }
  });
});
