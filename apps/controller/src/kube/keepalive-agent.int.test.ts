// Every request the studio makes reuses a kept-alive connection: the generated API clients'
// (Events, Leases, SubjectAccessReviews) as well as KubeJson's. A new connection per request costs
// a TLS handshake on both sides, which was the embedded controller's largest CPU cost per edit
// (docs/design/0018). Counted where it cannot be missed: at a TCP proxy in front of the API server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CoordinationV1Api, CoreV1Api } from '@kubernetes/client-node';
import { KubeJson } from './json-client';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { kubeConfigThrough, TcpProxy } from '../../testing/tcp-proxy';
import tls from 'node:tls';
import { freshConnectionsKubeConfig } from './keepalive-agent';
import { loadKubeConfig } from './kubeconfig';

describe('kept-alive connections to the API server', { skip: skipWithoutCluster }, () => {
  let proxy: TcpProxy;
  before(async () => {
    proxy = TcpProxy.toServer(loadKubeConfig(kubeconfigPath).server);
    await proxy.listen();
  });
  after(() => proxy.cut());

  /** Connections the proxy accepted while `run` ran. */
  const connectionsDuring = async (run: () => Promise<void>) => {
    const before = proxy.accepted;
    await run();
    return proxy.accepted - before;
  };

  test('calls through generated API clients share one connection', async () => {
    const { kc } = kubeConfigThrough(proxy, kubeconfigPath);
    const core = kc.makeApiClient(CoreV1Api);
    const leases = kc.makeApiClient(CoordinationV1Api);
    await core.readNamespace({ name: 'default' }); // the pool's first connection
    const opened = await connectionsDuring(async () => {
      for (let i = 0; i < 3; i++) await core.readNamespace({ name: 'default' });
      for (let i = 0; i < 2; i++) await leases.listNamespacedLease({ namespace: 'kube-system', limit: 1 });
    });
    assert.equal(opened, 0, 'five calls, no new connection');
  });

  test('KubeJson reuses its connection too', async () => {
    const json = new KubeJson(kubeConfigThrough(proxy, kubeconfigPath).kc);
    await json.request({ method: 'GET', path: '/api/v1/namespaces/default' });
    const opened = await connectionsDuring(async () => {
      for (let i = 0; i < 3; i++) await json.request({ method: 'GET', path: '/api/v1/namespaces/default' });
    });
    assert.equal(opened, 0, 'three requests, no new connection');
  });

  test('Lease renewals open a connection each, with the TLS context built once', async () => {
    const leases = freshConnectionsKubeConfig(kubeConfigThrough(proxy, kubeconfigPath).kc).makeApiClient(
      CoordinationV1Api,
    );
    await leases.listNamespacedLease({ namespace: 'kube-system', limit: 1 });
    // tls.connect builds a context from the key and CAs unless it is given one (client-node's agent per request did)
    const create = tls.createSecureContext;
    let built = 0;
    tls.createSecureContext = (...args) => {
      built++;
      return create(...args);
    };
    try {
      const opened = await connectionsDuring(async () => {
        for (let i = 0; i < 3; i++) await leases.listNamespacedLease({ namespace: 'kube-system', limit: 1 });
      });
      assert.equal(opened, 3, 'a connection per renewal');
      assert.equal(built, 0, 'no TLS context built again');
    } finally {
      tls.createSecureContext = create;
    }
  });
});
