// Faults between the controller and the API server, made real with a TCP proxy in front of the
// sandbox's API server (TLS passes through untouched): the proxy goes away → the cluster topic
// says disconnected; it comes back → connected again (onReconnected fires once, whenConnected
// answers) and new changes flow, with no restart.
// A proxy that silently stops forwarding → the watchdog restarts the watch.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CoreV1Api } from '@kubernetes/client-node';
import { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { TcpProxy, kubeConfigThrough } from '../../testing/tcp-proxy';
import { ClusterWatcher } from './cluster-watcher';
import { loadKubeConfig } from './kubeconfig';

describe('the cluster connection survives API server outages', { skip: skipWithoutCluster }, () => {
  const real = loadKubeConfig(kubeconfigPath);
  const proxy = TcpProxy.toServer(real.server);
  const stop = new AbortController();
  const bus = new LiveBus();
  const events: { event: LiveEvent; at: number }[] = [];
  bus.subscribe((e) => events.push({ event: e.event, at: Date.now() }));
  let watcher: ClusterWatcher;
  let reconnects = 0;
  const core = real.kc.makeApiClient(CoreV1Api);
  const created: string[] = [];
  const lastCluster = () => [...events].reverse().find((e) => e.event.topic === 'cluster')?.event;

  before(async () => {
    await proxy.listen();
    watcher = new ClusterWatcher(kubeConfigThrough(proxy, kubeconfigPath), bus, {
      probeIntervalMs: 500,
      probeTimeoutMs: 1000,
      silenceMs: 4000,
    });
    watcher.onReconnected(() => reconnects++);
    await watcher.start(stop.signal);
    await watcher.waitForSync(10_000);
  });

  after(async () => {
    stop.abort();
    await proxy.cut();
    for (const name of created) await core.deleteNamespace({ name }).catch(() => undefined);
  });

  test('goes disconnected when the API server goes away, and recovers by itself', async () => {
    assert.equal(watcher.summary().connected, true);
    assert.equal(await watcher.whenConnected(stop.signal), true, 'connected: answered at once');
    assert.equal(reconnects, 0, 'the first connection is not a reconnection');
    const cutAt = Date.now();
    await proxy.cut();
    const down = await eventually('a disconnected cluster event', 10_000, () => {
      const c = lastCluster();
      return c?.topic === 'cluster' && !c.cluster.connected ? c : undefined;
    });
    assert.ok(down.topic === 'cluster' && down.cluster.message !== null && /cannot reach/.test(down.cluster.message));
    console.log(`# API server gone → disconnected: ${Date.now() - cutAt} ms`);

    // The caches keep serving the last known state during the outage.
    assert.equal(watcher.summary().nodes.total, 3);

    // While it is down, a namespace appears (created directly, not through the proxy).
    const name = `outage-${Date.now().toString(36)}`;
    await core.createNamespace({ body: { metadata: { name } } });
    created.push(name);

    // waiting for the cluster (learnClusterId does): nothing while it is down, an abort answers false
    const gaveUp = new AbortController();
    const waiting = watcher.whenConnected(gaveUp.signal);
    const waitingOn = watcher.whenConnected(stop.signal);
    gaveUp.abort();
    assert.equal(await waiting, false);

    const backAt = Date.now();
    await proxy.listen();
    assert.equal(await waitingOn, true, 'answered as soon as the probe found the API server again');
    console.log(`# API server back → whenConnected: ${Date.now() - backAt} ms`);
    await eventually('a connected cluster event', 15_000, () => {
      const c = lastCluster();
      return c?.topic === 'cluster' && c.cluster.connected ? c : undefined;
    });
    console.log(`# API server back → connected: ${Date.now() - backAt} ms`);
    assert.equal(reconnects, 1, 'onReconnected fired once');
    await eventually(`namespace ${name} after the outage`, 15_000, () => watcher.namespaces.get(name));
    console.log(`# API server back → missed namespace seen: ${Date.now() - backAt} ms`);
  });

  test('a watch that goes silent (half-open connection) is restarted by the watchdog', async () => {
    await eventually('watching again', 15_000, () => (watcher.namespaces.state === 'watching' ? true : undefined));
    const frozenAt = Date.now();
    proxy.freeze();
    const name = `frozen-${Date.now().toString(36)}`;
    await core.createNamespace({ body: { metadata: { name } } });
    created.push(name);
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(watcher.namespaces.get(name), undefined, 'a frozen watch delivers nothing');
    // silenceMs is 4 s here: the watchdog replaces the watch over a new connection, which
    // resumes from the last resourceVersion and delivers the namespace.
    await eventually(`namespace ${name} after the watchdog`, 20_000, () => watcher.namespaces.get(name));
    console.log(`# frozen watch → namespace delivered: ${Date.now() - frozenAt} ms`);
  });
});
