// The vertical slice against the real sandbox: cluster.info through the router, the live
// subscription over real HTTP/SSE (as a browser's EventSource sees it), resume after reconnect.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiextensionsV1Api, CoreV1Api } from '@kubernetes/client-node';
import { EventSource } from 'eventsource';
import { loadKubeConfig } from '../kube/kubeconfig';
import type { LiveEvent } from '../live/events';
import { startServer } from '../server';
import type { RunningServer } from '../server';
import { eventually, kubeconfigPath, testServerConfig, skipWithoutCluster } from '../../testing';
import { createCaller } from './root';
import { LOCAL_ADMIN } from '../auth';

type Schema = { [key: string]: unknown };
/** `properties[name]`, looking through the `anyOf: [<field>, <${…}>]` that lets a field be CEL. */
const field = (schema: unknown, name: string): Schema => {
  const s = schema as Schema & { anyOf?: Schema[] };
  const object = (s.anyOf?.[0] ?? s) as { properties?: Schema };
  return object.properties?.[name] as Schema;
};

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

describe('the cluster slice against the sandbox', { skip: skipWithoutCluster }, () => {
  let server: RunningServer;
  const created: string[] = [];
  const core = () => loadKubeConfig(kubeconfigPath).kc.makeApiClient(CoreV1Api);

  before(async () => {
    // the controller-manager campaigns for its own Lease: the default one belongs to whichever controller serves the sandbox
    const leaseNs = `cluster-it-${suffix}`;
    await core().createNamespace({ body: { metadata: { name: leaseNs } } });
    created.push(leaseNs);
    server = await startServer({
      config: testServerConfig(),
      log: () => undefined,
      services: { lease: { namespace: leaseNs, name: 'opstudio-it' } },
    });
  });

  after(async () => {
    await server?.close();
    for (const name of created)
      await core()
        .deleteNamespace({ name })
        .catch(() => undefined);
  });

  /** opstudio_live_subscribers from /metrics: open streams by cluster. */
  async function liveSubscribers(): Promise<Record<string, number>> {
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.launchToken}` } })
    ).text();
    const open = metrics.matchAll(/^opstudio_live_subscribers\{cluster="([^"]*)"\} (\d+)$/gm);
    return Object.fromEntries([...open].map(([, cluster = '', n = '']) => [cluster, Number(n)]));
  }

  test('cluster.info reports the server, the version and 3/3 Ready nodes', async () => {
    const info = await createCaller({ ...server.services, user: LOCAL_ADMIN }).cluster.info();
    assert.equal(info.server, loadKubeConfig(kubeconfigPath).server);
    assert.match(info.version, /^v1\.\d+\.\d+/);
    assert.deepEqual(info.nodes, { ready: 3, total: 3 });
    assert.ok(info.namespaces >= 4, `expected the built-in namespaces, got ${info.namespaces}`);
  });

  test('a namespace created through the API arrives on the live subscription over SSE within seconds', async () => {
    const events: { id: string; event: LiveEvent; at: number }[] = [];
    const input = encodeURIComponent(JSON.stringify({ topics: ['namespaces', 'cluster'] }));
    // single-user mode: the launch token, as the browser's cookie or a script's bearer header carries it
    const bearer = { authorization: `Bearer ${server.launchToken}` };
    const es = new EventSource(`${server.url}/api/trpc/live.subscribe?input=${input}`, {
      fetch: (u, init) => fetch(u, { ...init, headers: { ...(init.headers as Record<string, string>), ...bearer } }),
    });
    es.addEventListener('message', (m) =>
      events.push({ id: m.lastEventId, event: JSON.parse(m.data as string) as LiveEvent, at: Date.now() }),
    );
    try {
      const snapshot = await eventually('the namespaces snapshot', 10_000, () =>
        events.find((e) => e.event.topic === 'namespaces' && e.event.type === 'snapshot'),
      );
      assert.ok(
        snapshot.event.topic === 'namespaces' &&
          snapshot.event.type === 'snapshot' &&
          snapshot.event.items.some((n) => n.name === 'default'),
      );
      const cluster = events.find((e) => e.event.topic === 'cluster');
      assert.ok(
        cluster?.event.topic === 'cluster' &&
          cluster.event.cluster.connected &&
          cluster.event.cluster.nodes.ready === 3,
      );

      // the open stream is counted under its cluster (its kubeconfig context)
      assert.deepEqual(await liveSubscribers(), { [cluster.event.cluster.context]: 1 });

      const name = `live-${suffix}`;
      const t0 = Date.now();
      await core().createNamespace({ body: { metadata: { name } } });
      created.push(name);
      const seen = await eventually(`namespace ${name} on the stream`, 5_000, () =>
        events.find((e) => e.event.topic === 'namespaces' && e.event.type === 'upsert' && e.event.item.name === name),
      );
      console.log(`# namespace create → SSE event: ${seen.at - t0} ms`);
      assert.match(seen.id, /^[a-z0-9]+-\d+$/, 'live events carry resumable <epoch>-<seq> ids');

      // Credentials stay in the controller: nothing the browser receives contains them.
      const user = loadKubeConfig(kubeconfigPath).kc.getCurrentUser();
      const secrets = [user?.token, user?.keyData, user?.certData, user?.password].filter(
        (v): v is string => typeof v === 'string' && v.length > 8,
      );
      assert.ok(secrets.length > 0, 'the sandbox kubeconfig carries a credential to look for');
      const sent =
        JSON.stringify(events) +
        JSON.stringify(await createCaller({ ...server.services, user: LOCAL_ADMIN }).cluster.info());
      for (const secret of secrets) assert.ok(!sent.includes(secret.slice(0, 40)), 'a credential reached the client');
    } finally {
      es.close();
    }
    // The server notices the closed stream and unsubscribes from the bus.
    await eventually('the subscription to end', 5_000, async () => {
      const open = Object.values(await liveSubscribers());
      return open.length > 0 && open.every((n) => n === 0) ? true : undefined;
    });
  });

  test('reconnecting with the last event id resumes with exactly the missed changes', async () => {
    const caller = createCaller({ ...server.services, user: LOCAL_ADMIN });
    const first = await caller.live.subscribe({ topics: ['namespaces'] });
    const iterator = first[Symbol.asyncIterator]();
    const snapshot = await iterator.next();
    await iterator.return?.();
    const lastEventId = (snapshot.value as [string, LiveEvent])[0];

    // While "disconnected": one namespace appears.
    const name = `resume-${suffix}`;
    await core().createNamespace({ body: { metadata: { name } } });
    created.push(name);
    await eventually('the informer to see it', 5_000, () => server.services.cluster.namespaces.get(name));

    const resumed = (await caller.live.subscribe({ topics: ['namespaces'], lastEventId }))[Symbol.asyncIterator]();
    // the replay holds every change since lastEventId: other files running beside this one
    // create namespaces too, so ours is among the upserts, each a change and never a snapshot
    let ours: [string, LiveEvent] | undefined;
    for (let i = 0; i < 50 && ours === undefined; i++) {
      const next = await resumed.next();
      const [id, event] = next.value as [string, LiveEvent];
      assert.equal(event.type, 'upsert', 'a resume replays changes, it does not resend the snapshot');
      if (event.topic === 'namespaces' && event.type === 'upsert' && event.item.name === name) ours = [id, event];
    }
    await resumed.return?.();
    assert.ok(ours !== undefined, `the replay carries the namespace ${name}`);
    assert.notEqual(ours[0], lastEventId);

    // An id from another server boot gets a fresh snapshot instead.
    const foreign = (await caller.live.subscribe({ topics: ['namespaces'], lastEventId: 'zzzz-1' }))[
      Symbol.asyncIterator
    ]();
    const fresh = await foreign.next();
    await foreign.return?.();
    assert.equal((fresh.value as [string, LiveEvent])[1].type, 'snapshot');
  });

  test("cluster.kindSchema: a kind's schema from the cluster's OpenAPI v3, null with a reason for an unknown kind", async () => {
    const api = createCaller({ ...server.services, user: LOCAL_ADMIN }).cluster;
    const t0 = Date.now();
    const deployment = await api.kindSchema({ apiVersion: 'apps/v1', kind: 'Deployment' });
    const t1 = Date.now();
    assert.ok(deployment.schema !== null);
    const replicas = field(field(deployment.schema, 'spec'), 'replicas');
    const [integer, cel] = replicas.anyOf as Schema[];
    assert.deepEqual([integer, cel?.pattern], [{ type: 'integer' }, '^\\$\\{[\\s\\S]*\\}$']);
    assert.match(String(replicas.description), /desired pods/);
    assert.equal(field(deployment.schema, 'status'), undefined);
    const size = JSON.stringify(deployment.schema).length;
    console.log(`# apps/v1 Deployment: ${Math.round(size / 1024)} KiB of schema in ${t1 - t0} ms`);
    assert.doesNotMatch(JSON.stringify(deployment.schema), /\$ref|too large/);
    // cached: the same answer while the document's hash is the same
    assert.equal(await api.kindSchema({ apiVersion: 'apps/v1', kind: 'Deployment' }), deployment);

    const configMap = await api.kindSchema({ apiVersion: 'v1', kind: 'ConfigMap' });
    assert.ok(configMap.schema !== null && field(configMap.schema, 'data') !== undefined);
    // JSONSchemaProps refers to itself: bounded
    const crd = await api.kindSchema({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition' });
    assert.ok(crd.schema !== null);
    console.log(`# CustomResourceDefinition: ${Math.round(JSON.stringify(crd.schema).length / 1024)} KiB of schema`);

    assert.deepEqual(await api.kindSchema({ apiVersion: 'apps/v1', kind: 'Nonesuch' }), {
      schema: null,
      reason: "the cluster's apps/v1 API has no kind Nonesuch",
      served: false,
    });
    assert.deepEqual(await api.kindSchema({ apiVersion: 'nothing.example.com/v1', kind: 'Thing' }), {
      schema: null,
      reason: 'the cluster serves no nothing.example.com/v1 API',
      served: false,
    });
    await assert.rejects(
      api.kindSchema({ apiVersion: 'apps/../../version', kind: 'Deployment' }),
      (e: Error & { code?: string }) => e.code === 'BAD_REQUEST',
    );
  });

  test("cluster.kindSchema: a custom resource's schema comes from its CRD, once the CRD is installed", async () => {
    const api = createCaller({ ...server.services, user: LOCAL_ADMIN }).cluster;
    const group = `kindschema-${suffix}.example.com`;
    const ref = { apiVersion: `${group}/v1`, kind: 'Gadget' };
    assert.equal((await api.kindSchema(ref)).schema, null);
    const ext = loadKubeConfig(kubeconfigPath).kc.makeApiClient(ApiextensionsV1Api);
    const name = `gadgets.${group}`;
    await ext.createCustomResourceDefinition({
      body: {
        metadata: { name },
        spec: {
          group,
          scope: 'Namespaced',
          names: { kind: 'Gadget', plural: 'gadgets', singular: 'gadget', listKind: 'GadgetList' },
          versions: [
            {
              name: 'v1',
              served: true,
              storage: true,
              schema: {
                openAPIV3Schema: {
                  type: 'object',
                  properties: {
                    spec: {
                      type: 'object',
                      properties: { size: { type: 'integer', description: 'How many gadgets.' } },
                    },
                  },
                },
              },
            },
          ],
        },
      },
    });
    try {
      const gadget = await eventually('the CRD in the OpenAPI v3 documents', 30_000, async () => {
        const answer = await api.kindSchema(ref);
        return answer.schema ?? undefined;
      });
      const size = field(field(gadget, 'spec'), 'size');
      assert.equal(size.description, 'How many gadgets.');
      assert.deepEqual((size.anyOf as Schema[])[0], { type: 'integer' });
    } finally {
      await ext.deleteCustomResourceDefinition({ name }).catch(() => undefined);
    }
  });

  test('/healthz, /readyz and /metrics answer', async () => {
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    const ready = await fetch(`${server.url}/readyz`);
    assert.equal(ready.status, 200, await ready.text());
    assert.equal((await fetch(`${server.url}/metrics`)).status, 401, 'metrics need the launch token');
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.launchToken}` } })
    ).text();
    assert.match(metrics, /process_cpu_user_seconds_total/);
  });

  test('an unknown topic is refused with BAD_REQUEST', async () => {
    await assert.rejects(
      createCaller({ ...server.services, user: LOCAL_ADMIN }).live.subscribe({ topics: ['nonsense:abc'] }),
      (e: Error & { code?: string }) => e.code === 'BAD_REQUEST',
    );
  });
});
