// A watch that goes silent without closing (a half-open connection: a proxy or NAT that stops
// forwarding but never resets) is restarted by the informers' watchdog, and the controller
// converges on the edit the stalled watch hid. The controller-manager runs in this process and
// reaches the API server through a TCP proxy (testing/tcp-proxy), which can freeze every connection open
// at that moment while still forwarding new ones (client-node opens one connection per request).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InformerCache } from '../kube/informer-cache';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { TcpProxy, kubeConfigThrough } from '../../testing/tcp-proxy';
import { MemcachedFixture } from '../../testing/memcached-fixture';

const SILENCE_MS = 15_000;

test(
  'a stalled watch is restarted by the watchdog and the controller converges on the edit it hid',
  { skip: skipWithoutCluster, timeout: 240_000 },
  async (t) => {
    const direct = loadKubeConfig(kubeconfigPath ?? '');
    const proxy = TcpProxy.toServer(direct.server);
    await proxy.listen();
    const viaProxy = kubeConfigThrough(proxy, kubeconfigPath);

    const f = await MemcachedFixture.install(direct.kc, 'stall-it');
    const logs: string[] = [];
    const stop = new AbortController();
    // watches go through the proxy; Events are recorded directly (f.kc). The API server ends each
    // watch after 10–20 min here, not the default 1–2: a watch it ends near the freeze reopens on a
    // fresh connection, sees the edit, and the watchdog would have nothing to do
    const log = (m: string) => logs.push(m);
    const cache = new InformerCache({ kc: viaProxy.kc, silenceMs: SILENCE_MS, watchTimeoutSeconds: 600, log });
    const manager = f.manager('stall-it', { kc: viaProxy.kc, watchSilenceMs: SILENCE_MS, cache, log });
    const managerDone = manager.start(stop.signal);
    t.after(async () => {
      await f.deleteAll();
      stop.abort();
      await proxy.cut(); // ends the frozen connections too: nothing is left waiting on them
      await managerDone;
      await f.remove();
    });

    await f.create('m', 1);
    await eventually('m to converge at size 1', 90_000, async () => ((await f.converged('m', 1)) ? true : undefined));
    // Fresh activity on the CR and Deployment watches, so none is restarted for plain quietness just after the stall.
    await f.patchSize('m', 2);
    await eventually('m to converge at size 2', 60_000, async () => ((await f.converged('m', 2)) ? true : undefined));

    const stalled = proxy.freeze();
    const stalledAt = Date.now();
    assert.ok(stalled >= 2, `the CR and Deployment watches were open through the proxy (${stalled} stalled)`);
    await f.patchSize('m', 3);
    // The stall is real: a healthy watch would deliver this edit in well under a second.
    await new Promise((r) => setTimeout(r, SILENCE_MS / 2));
    assert.equal(await f.deploymentReplicas('m'), 2, 'the edit is not seen while the watch is stalled');

    await eventually('m to converge at size 3 after the watchdog restarted the watch', SILENCE_MS + 60_000, async () =>
      (await f.converged('m', 3)) ? true : undefined,
    );
    t.diagnostic(
      `converged ${((Date.now() - stalledAt) / 1000).toFixed(1)} s after the stall (watchdog silence ${SILENCE_MS / 1000} s)`,
    );
    assert.ok(
      logs.some((m) => /watch silent for \d+ s; restarting it/.test(m)),
      'the watchdog said so in the log',
    );
    assert.equal(manager.isLeader, true);
  },
);
