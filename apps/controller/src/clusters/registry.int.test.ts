// One studio, four contexts (docs/design/0035): the test sandbox (the default), a second sandbox
// started here (a custom profile, stopped and removed afterwards), a context whose API server port
// is closed and one whose server accepts and never answers. Through real HTTP, as the web app
// calls: the `x-opstudio-cluster` header for queries, tRPC's connectionParams for the live
// subscription. Each context answers for its own cluster, a CRD installed in one is a kind there
// only, an unknown context is NOT_FOUND, the dead ones answer within the probe timeout while the
// others keep answering normally, and the studio still stops (a campaign for a Lease on a server
// that never answers used to hold the stop forever).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiextensionsV1Api, CoreV1Api } from '@kubernetes/client-node';
import { contextToPathSegment } from '@opstudio/shared/kube/context-name';
import { kubeConfigForContext, loadKubeConfig } from '../kube/kubeconfig';
import type { RunningServer } from '../server';
import { CLUSTER_HEADER } from '@opstudio/shared/kube/cluster-href';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { subscribeLive, type LiveClient } from '../../testing/live-client';
import { closedPort, startSecondSandbox, startStudioOn, type SecondSandbox } from '../../testing/second-cluster';
import { ticketCrd } from '../../testing/ticket-crd';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const group = `registry-${suffix}.example.com`;
const portOf = (s: Server) => (s.address() as { port: number }).port;

describe('one studio, a service set per context', { skip: skipWithoutCluster, timeout: 300_000 }, () => {
  let server: RunningServer;
  let second: SecondSandbox;
  let silent: Server;
  const held: Socket[] = [];
  let list = '';
  const testContext = loadKubeConfig(kubeconfigPath).contextName;
  const leaseNs = `registry-it-${suffix}`;
  const live: LiveClient[] = [];
  const api = (context: string) => kubeConfigForContext(loadKubeConfig(list).kc, context).makeApiClient(CoreV1Api);

  /** GET a query over HTTP as the web app does, naming the cluster by its path segment (or not). */
  async function query(procedure: string, context?: string): Promise<{ status: number; body: unknown; ms: number }> {
    const headers: Record<string, string> = { authorization: `Bearer ${server.launchToken}` };
    if (context !== undefined) headers[CLUSTER_HEADER] = contextToPathSegment(context);
    const t0 = Date.now();
    const res = await fetch(`${server.url}/api/trpc/${procedure}`, { headers });
    return { status: res.status, body: await res.json(), ms: Date.now() - t0 };
  }
  const data = (body: unknown) => (body as { result: { data: unknown } }).result.data;
  const errorOf = (body: unknown) => (body as { error: { message: string; data: { code: string } } }).error;

  before(async () => {
    second = await startSecondSandbox('registry-it', 31750); // ports 31750..31755
    const closed = second.writeKubeconfig('closed.yaml', 'closed-port', `https://127.0.0.1:${await closedPort()}`);
    // a listener that accepts and never answers, as a firewalled API server
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentFile = second.writeKubeconfig('silent.yaml', 'silent', `https://127.0.0.1:${portOf(silent)}`);
    list = [kubeconfigPath ?? '', second.kubeconfigPath, closed, silentFile].join(path.delimiter);
    // a kind in the second cluster only, there before the studio starts
    await kubeConfigForContext(loadKubeConfig(list).kc, second.context)
      .makeApiClient(ApiextensionsV1Api)
      .createCustomResourceDefinition({ body: ticketCrd(group) });
    // every cluster's controller-manager campaigns for its Lease in the same namespace
    for (const context of [testContext, second.context])
      await api(context).createNamespace({ body: { metadata: { name: leaseNs } } });
    server = await startStudioOn(list, { namespace: leaseNs, name: 'opstudio-registry-it' });
  });

  after(async () => {
    for (const client of live) client.close();
    await server?.close();
    for (const s of held) s.destroy();
    silent?.close();
    await kubeConfigForContext(loadKubeConfig(list).kc, second.context)
      .makeApiClient(ApiextensionsV1Api)
      .deleteCustomResourceDefinition({ name: `tickets.${group}` })
      .catch(() => undefined);
    await api(testContext)
      .deleteNamespace({ name: leaseNs })
      .catch(() => undefined);
    await second?.stop();
  });

  test('a CRD installed in one cluster is a kind there and not in the other', async () => {
    const kindNames = async (context: string) =>
      (data((await query('resources.kinds', context)).body) as { name: string }[]).map((k) => k.name);
    // the first request for the second context: the listing of a cluster started this instant
    // waits for its first list, and never answers []
    assert.ok((await kindNames(second.context)).includes(`tickets.${group}`), 'the second cluster has the Ticket kind');
    assert.ok(!(await kindNames(testContext)).includes(`tickets.${group}`), 'the test cluster has no Ticket kind');
  });

  test('cluster.info answers for the context the request names; none named is the default', async () => {
    const none = data((await query('cluster.info')).body) as {
      context: string;
      defaultContext: string;
      server: string;
    };
    assert.equal(none.context, testContext);
    assert.equal(none.defaultContext, testContext);
    const own = data((await query('cluster.info', second.context)).body) as typeof none;
    assert.equal(own.context, second.context);
    assert.equal(own.defaultContext, testContext);
    assert.equal(own.server, 'https://127.0.0.1:31750');
    assert.notEqual(none.server, own.server);
  });

  test('a live subscription follows the cluster its connectionParams name', async () => {
    const token = server.launchToken ?? '';
    const onSecond = subscribeLive(server.url, token, ['namespaces'], {
      cluster: contextToPathSegment(second.context),
    });
    const onDefault = subscribeLive(server.url, token, ['namespaces']);
    live.push(onSecond, onDefault);
    const snapshotOf = (client: LiveClient) =>
      eventually('the namespaces snapshot', 10_000, () =>
        client.received.find((r) => r.event.topic === 'namespaces' && r.event.type === 'snapshot'),
      );
    await Promise.all([snapshotOf(onSecond), snapshotOf(onDefault)]);
    const marker = `registry-live-${suffix}`;
    await api(second.context).createNamespace({ body: { metadata: { name: marker } } });
    try {
      const names = (client: LiveClient) =>
        client.received.flatMap(({ event }) =>
          event.topic === 'namespaces' && event.type === 'upsert' ? [event.item.name] : [],
        );
      await eventually('the new namespace on the second cluster’s stream', 10_000, () =>
        names(onSecond).includes(marker) ? true : undefined,
      );
      assert.ok(!names(onDefault).includes(marker), 'the default cluster’s stream does not carry it');
    } finally {
      await api(second.context)
        .deleteNamespace({ name: marker })
        .catch(() => undefined);
    }
  });

  test('an unknown context is NOT_FOUND, naming the contexts there are', async () => {
    const expected = `no context "nowhere" in the kubeconfig (available: ${testContext}, ${second.context}, closed-port, silent)`;
    const res = await query('cluster.info', 'nowhere');
    assert.equal(res.status, 404);
    assert.equal(errorOf(res.body).message, expected);
    // the subscription names its cluster in connectionParams: the same answer, as the stream's
    // one error event (what httpSubscriptionLink hands its onError as a TRPCClientError)
    const params = new URLSearchParams({
      input: JSON.stringify({ topics: ['cluster'] }),
      connectionParams: JSON.stringify({ cluster: 'nowhere' }),
    });
    const sub = await fetch(`${server.url}/api/trpc/live.subscribe?${params.toString()}`, {
      headers: { authorization: `Bearer ${server.launchToken}`, accept: 'text/event-stream' },
    });
    const stream = await sub.text(); // the server ends the stream after the error
    const error = /^event: serialized-error\ndata: (.*)$/m.exec(stream)?.[1];
    assert.ok(error !== undefined, `no error event in ${stream}`);
    const parsed = JSON.parse(error) as { message: string; data: { code: string } };
    assert.deepEqual([parsed.data.code, parsed.message], ['NOT_FOUND', expected]);
  });

  test('a request that names two different clusters is refused, not served by either', async () => {
    const params = new URLSearchParams({
      input: JSON.stringify({ topics: ['cluster'] }),
      connectionParams: JSON.stringify({ cluster: contextToPathSegment(second.context) }),
    });
    const res = await fetch(`${server.url}/api/trpc/live.subscribe?${params.toString()}`, {
      headers: {
        authorization: `Bearer ${server.launchToken}`,
        accept: 'text/event-stream',
        [CLUSTER_HEADER]: contextToPathSegment(testContext),
      },
    });
    const error = /^event: serialized-error\ndata: (.*)$/m.exec(await res.text())?.[1];
    assert.equal((JSON.parse(error ?? '{}') as { data?: { code: string } }).data?.code, 'BAD_REQUEST');
  });

  test('the closed port’s context answers within 2 s while the others answer normally', async () => {
    // the server's first answer of this procedure loads its code (5 s under a load of 20, which
    // every timing below then carried): warm it, so that what is timed is the contexts' own waits
    await query('cluster.info');
    const [closed, mute, first, other] = await Promise.all([
      query('cluster.info', 'closed-port'),
      query('cluster.info', 'silent'),
      query('cluster.info'),
      query('cluster.info', second.context),
    ]);
    console.log(
      `cluster.info: closed port ${closed.ms} ms, silent ${mute.ms} ms, default ${first.ms} ms, second ${other.ms} ms`,
    );
    assert.equal(closed.status, 503);
    assert.match(
      errorOf(closed.body).message,
      /^Disconnected from the cluster at https:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    );
    assert.ok(closed.ms < 2000, `the closed port's context took ${closed.ms} ms`);
    // a server that never answers costs one probe timeout (2 s), and only to its own requests
    assert.equal(mute.status, 503);
    assert.match(errorOf(mute.body).message, /no answer within 2000 ms/);
    assert.ok(mute.ms < 2500, `the silent context took ${mute.ms} ms`);
    assert.equal(first.status, 200);
    assert.equal(other.status, 200);
    assert.ok(first.ms < 1000 && other.ms < 1000, `the reachable contexts took ${first.ms} and ${other.ms} ms`);
    // the ConnectionBadge's data: the `cluster` topic says disconnected and why, at once, on the
    // home page's one stream (the kinds it cannot list yet must not end it)
    const t0 = Date.now();
    const homeTopics = ['cluster', 'kinds', 'nodes', 'namespaces'];
    const badge = subscribeLive(server.url, server.launchToken ?? '', homeTopics, { cluster: 'closed-port' });
    live.push(badge);
    const summary = await eventually('the closed port’s cluster snapshot', 2000, () =>
      badge.received.flatMap(({ event }) => (event.topic === 'cluster' ? [event.cluster] : [])).at(-1),
    );
    console.log(`closed port's cluster snapshot in ${Date.now() - t0} ms`);
    assert.equal(summary.connected, false);
    assert.equal(summary.context, 'closed-port');
    await sleep(500);
    assert.deepEqual(badge.errors, [], 'the stream stays open');
    // the default cluster alone decides readiness; the others started on demand are counted, not named
    const ready = await fetch(`${server.url}/readyz`);
    const body = await ready.text();
    assert.equal(ready.status, 200, body);
    assert.match(body, /^\[-\]other contexts connected: 1 of 3 \(informational\)$/m);
    assert.ok(!body.includes('closed-port'), body);
    // so does its kinds listing (the navigation), rather than an empty list after the 10-s sync wait
    const kinds = await query('resources.kinds', 'closed-port');
    assert.equal(kinds.status, 503);
    assert.match(errorOf(kinds.body).message, /^cannot list the cluster's CustomResourceDefinitions: .*ECONNREFUSED/);
    assert.ok(kinds.ms < 2000, `the closed port's kinds took ${kinds.ms} ms`);
  });
});
