// A leader cut off from the API server (a TCP proxy in front of it is closed) stops leading
// within the renew deadline, the other replica takes over after the lease expires, and the cut-off
// one keeps running and becomes a standby again when the API server is back: no restart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { CoordinationV1Api } from '@kubernetes/client-node';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../testing';
import { LeaderElector } from './leader-election';

/** A TCP pass-through that can be closed (connections reset, port refused) and reopened on the same port. */
class CuttableProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: URL) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

const timing = { leaseDurationMs: 3000, renewDeadlineMs: 2000, retryPeriodMs: 500 };

test('a leader that loses the API server steps down, and campaigns again when it returns', { skip: skipWithoutCluster, timeout: 60_000 }, async () => {
  const direct = loadKubeConfig(kubeconfigPath);
  const proxy = new CuttableProxy(new URL(direct.server));
  await proxy.open();
  const viaProxy = loadKubeConfig(kubeconfigPath);
  const cluster = viaProxy.kc.getCurrentCluster();
  assert.ok(cluster);
  Object.assign(cluster, { server: `https://127.0.0.1:${proxy.port}` });

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
  assert.ok(stepDownMs <= timing.renewDeadlineMs + timing.retryPeriodMs + 1500, `stepped down after ${stepDownMs} ms`);
  assert.equal(state.aStops, 1);
  await eventually('b takes over', 15_000, () => (state.b ? true : undefined));
  assert.ok(Date.now() - cutAt >= timing.leaseDurationMs - timing.retryPeriodMs, 'b waited for the lease to expire');

  await proxy.open(); // the API server is reachable again for a
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
});
