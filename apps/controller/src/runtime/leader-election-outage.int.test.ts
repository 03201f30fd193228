// A leader cut off from the API server (a TCP proxy in front of it is closed) stops leading
// within the renew deadline, the other replica takes over after the lease expires, and the cut-off
// one keeps running and becomes a standby again when the API server is back: no restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CoordinationV1Api } from '@kubernetes/client-node';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { TcpProxy, kubeConfigThrough } from '../../testing/tcp-proxy';
import { LeaderElector } from './leader-election';

const timing = { leaseDurationMs: 3000, renewDeadlineMs: 2000, retryPeriodMs: 500 };

/** The sandbox's API server, directly and through a TCP proxy the test can cut. */
async function throughProxy() {
  const direct = loadKubeConfig(kubeconfigPath);
  const proxy = TcpProxy.toServer(direct.server);
  await proxy.listen();
  return { direct, proxy, viaProxy: kubeConfigThrough(proxy, kubeconfigPath) };
}

test(
  'a leader that loses the API server steps down, and campaigns again when it returns',
  { skip: skipWithoutCluster, timeout: 60_000 },
  async () => {
    const { direct, proxy, viaProxy } = await throughProxy();

    const lease = `le-${randomUUID().slice(0, 8)}`;
    const state = { a: false, b: false, aStops: 0 };
    const stopA = new AbortController();
    const stopB = new AbortController();
    const base = { namespace: 'default', name: lease, ...timing };
    const a = new LeaderElector({
      ...base,
      kc: viaProxy.kc,
      identity: 'cut-off',
      onStartedLeading: (signal) => {
        state.a = true;
        signal.addEventListener('abort', () => (state.a = false), { once: true });
      },
      onStoppedLeading: () => void state.aStops++,
    });
    const aDone = a.run(stopA.signal);
    await eventually('a leads', 10_000, () => (state.a ? true : undefined));
    const b = new LeaderElector({
      ...base,
      kc: direct.kc,
      identity: 'healthy',
      onStartedLeading: (signal) => {
        state.b = true;
        signal.addEventListener('abort', () => (state.b = false), { once: true });
      },
    });
    const bDone = b.run(stopB.signal);

    const cutAt = Date.now();
    await proxy.cut();
    await eventually('a steps down', 10_000, () => (!state.a ? true : undefined));
    const stepDownMs = Date.now() - cutAt;
    assert.ok(
      stepDownMs <= timing.renewDeadlineMs + timing.retryPeriodMs + 1500,
      `stepped down after ${stepDownMs} ms`,
    );
    assert.equal(state.aStops, 1);
    await eventually('b takes over', 15_000, () => (state.b ? true : undefined));
    assert.ok(Date.now() - cutAt >= timing.leaseDurationMs - timing.retryPeriodMs, 'b waited for the lease to expire');

    await proxy.listen(); // the API server is reachable again for a
    await eventually('a sees b as leader', 10_000, () => (a.leader === 'healthy' ? true : undefined));
    assert.equal(state.a, false, 'a is a standby, b still leads');
    assert.equal(state.b, true);

    stopB.abort();
    await bDone;
    await eventually('a leads again', 10_000, () => (state.a ? true : undefined));
    stopA.abort();
    await aDone;
    await proxy.cut();
    await direct.kc.makeApiClient(CoordinationV1Api).deleteNamespacedLease({ name: lease, namespace: 'default' });
  },
);

test(
  'a candidate kicked when the API server returns leads again at once, not after its retry wait',
  { skip: skipWithoutCluster, timeout: 60_000 },
  async () => {
    const { direct, proxy, viaProxy } = await throughProxy();
    // A long retry period: without the kick the first attempt after the return waits up to 2.2 × 4 s.
    const slow = { leaseDurationMs: 10_000, renewDeadlineMs: 6000, retryPeriodMs: 4000 };
    const lease = `le-${randomUUID().slice(0, 8)}`;
    let leading = false;
    const stop = new AbortController();
    const elector = new LeaderElector({
      namespace: 'default',
      name: lease,
      ...slow,
      kc: viaProxy.kc,
      identity: 'kicked',
      onStartedLeading: (signal) => {
        leading = true;
        signal.addEventListener('abort', () => (leading = false), { once: true });
      },
    });
    const done = elector.run(stop.signal);
    await eventually('it leads', 10_000, () => (leading ? true : undefined));
    await proxy.cut();
    await eventually('it steps down', 15_000, () => (!leading ? true : undefined));
    // Let it fail an attempt as a candidate, so it is waiting out a retry period.
    await new Promise((r) => setTimeout(r, 500));
    await proxy.listen();
    const backAt = Date.now();
    elector.kick();
    await eventually('it leads again', 10_000, () => (leading ? true : undefined));
    const ms = Date.now() - backAt;
    console.log(`# API server back + kick → leading again: ${ms} ms`);
    assert.ok(ms < slow.retryPeriodMs, `led again ${ms} ms after the kick`);
    stop.abort();
    await done;
    await proxy.cut();
    await direct.kc.makeApiClient(CoordinationV1Api).deleteNamespacedLease({ name: lease, namespace: 'default' });
  },
);
