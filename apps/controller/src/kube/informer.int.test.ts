// An informer stopped while its watch is still connecting stays stopped: the late watch is
// closed and nothing retries behind the caller's back. (It did not: the watch opened after the
// stop marked the informer "watching" again, and the next error scheduled restarts forever,
// which kept a test process alive for 15 minutes in CI.) The API server is reached through a
// TCP proxy that holds back the answer of new connections until the test releases them.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { CoreV1Api } from '@kubernetes/client-node';
import type { V1Namespace } from '@kubernetes/client-node';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { TcpProxy, kubeConfigThrough } from '../../testing/tcp-proxy';
import { ResilientInformer } from './informer';
import { loadKubeConfig } from './kubeconfig';

/** A namespaces informer watching through a TCP proxy in front of the sandbox's API server. */
async function watchingThroughProxy(t: TestContext) {
  const proxy = TcpProxy.toServer(loadKubeConfig(kubeconfigPath ?? '').server);
  await proxy.listen();
  t.after(() => proxy.cut());
  const { kc } = kubeConfigThrough(proxy, kubeconfigPath);
  const core = kc.makeApiClient(CoreV1Api);
  const informer = new ResilientInformer<V1Namespace>({
    kc,
    path: '/api/v1/namespaces',
    list: () => core.listNamespace(),
  });
  const stop = new AbortController();
  await informer.start(stop.signal);
  await eventually('the informer to watch', 10_000, () => (informer.state === 'watching' ? true : undefined));
  return { proxy, informer, stop };
}

test(
  'an informer stopped while its watch connects closes that watch and never restarts',
  { skip: skipWithoutCluster, timeout: 60_000 },
  async (t) => {
    const { proxy, informer, stop } = await watchingThroughProxy(t);

    // The open watch breaks; its replacement (after a ~200 ms backoff) connects but gets no answer yet.
    proxy.hold();
    const before = proxy.accepted;
    await proxy.cut();
    await proxy.listen();
    await eventually('the replacement watch to be connecting', 10_000, () =>
      proxy.accepted > before && proxy.waiting > 0 ? true : undefined,
    );
    stop.abort();
    assert.equal(informer.state, 'stopped');
    proxy.release();

    // The late watch is answered now; the informer must close it and stay stopped.
    await eventually('the late watch to be closed', 10_000, () => (proxy.connections === 0 ? true : undefined));
    const accepted = proxy.accepted;
    await new Promise((r) => setTimeout(r, 2000));
    assert.equal(informer.state, 'stopped');
    assert.equal(proxy.connections, 0, 'no watch is open');

    // An error now (the proxy goes away) must not schedule a restart either.
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 1500));
    await proxy.listen();
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(proxy.accepted, accepted, 'nothing reconnected after the stop');
    assert.equal(informer.state, 'stopped');
  },
);

test(
  'kick() retries at once, and a kick while that attempt is in flight opens no second watch',
  { skip: skipWithoutCluster, timeout: 60_000 },
  async (t) => {
    const { proxy, informer, stop } = await watchingThroughProxy(t);
    t.after(() => stop.abort());

    // The API server goes away long enough for the backoff to grow past 2.5 s (200, 400, 800, 1600 ms, then 3.2 s).
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 3500));
    assert.equal(informer.state, 'retrying');
    proxy.hold();
    await proxy.listen();
    const before = proxy.accepted;
    const kickedAt = Date.now();
    informer.kick();
    await eventually('the kicked attempt to connect', 5000, () => (proxy.waiting > 0 ? true : undefined));
    const ms = Date.now() - kickedAt;
    assert.ok(ms < 1000, `the kick retried at once (${ms} ms), not after the backoff`);
    // More kicks while that attempt waits for its answer (the probe ticks again): no second request.
    informer.kick();
    informer.kick();
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(proxy.accepted - before, 1, 'one attempt in flight');
    proxy.release();
    await eventually('watching again', 10_000, () => (informer.state === 'watching' ? true : undefined));
    assert.equal(proxy.connections, 1, 'one watch open');
  },
);
