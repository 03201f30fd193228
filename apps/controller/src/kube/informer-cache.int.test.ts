// One informer per watched kind, against the sandbox: the Memcached design installed (labelled
// CRD), the studio's services running (so its operator reconciles), two resource-page
// subscriptions on the kind and a CR page's subscription (owned objects and Events). The shared
// cache then holds ONE informer for the CRs (leased by the operator and the live tables) and ONE
// for Deployments (operator, Events, owned panel), and the API server's own gauge of open
// watches (`apiserver_longrunning_requests{verb="WATCH"}`) counts exactly one watch of the CR
// kind from this process. Also: the owner index finds owned children of any kind (a ConfigMap,
// a Service), and releasing the last lease stops the informer and leaves no timer behind.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeConfig } from '@kubernetes/client-node';
import { LiveBus } from '../live/bus';
import { SnapshotRegistry } from '../live/snapshots';
import { OwnedWatcher } from '../resources/owned';
import { startServices } from '../services';
import type { RunningServices } from '../services';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { rawGet } from '../../testing/apiserver-metrics';
import { MemcachedFixture } from '../../testing/memcached-fixture';
import { listen } from '../../testing/resources';
import { trackTimers } from '../../testing/timers';
import { InformerCache } from './informer-cache';
import { KubeJson } from './json-client';
import { loadKubeConfig } from './kubeconfig';
import { readOwned } from './owned-tree';
import { DEFAULT_OWNED_KINDS, type KindSpec } from './resource-spec';

const CONFIGMAPS: KindSpec = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap' };
const SERVICES: KindSpec = { group: '', version: 'v1', resource: 'services', kind: 'Service' };

/** Open WATCH requests on the API server for one resource, summed over scopes (its /metrics, as admin). */
async function openWatches(kc: KubeConfig, group: string, resource: string): Promise<number> {
  const text = await rawGet(kc, '/metrics');
  let n = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('apiserver_longrunning_requests{')) continue;
    const labels = line.slice(line.indexOf('{') + 1, line.lastIndexOf('}'));
    if (
      labels.includes(`group="${group}"`) &&
      labels.includes(`resource="${resource}"`) &&
      labels.includes('verb="WATCH"') &&
      labels.includes('subresource=""')
    )
      n += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return n;
}

/** The gauge moves for a few ms while any watch (ours or kube-controller-manager's) reconnects: take the usual value. */
async function steadyWatches(kc: KubeConfig, group: string, resource: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(await openWatches(kc, group, resource));
    await new Promise((r) => setTimeout(r, 200));
  }
  return Math.max(...samples);
}

describe('one shared informer cache: each kind watched once', { skip: skipWithoutCluster, timeout: 240_000 }, () => {
  const { kc } = loadKubeConfig(kubeconfigPath);
  let f: MemcachedFixture;
  let running: RunningServices | undefined;
  let installedAt = 0;

  before(async () => {
    f = await MemcachedFixture.install(kc, 'cache-it');
    installedAt = Date.now();
    running = await startServices(loadKubeConfig(kubeconfigPath), f.databaseUrl, {
      lease: { namespace: f.ns, name: 'cache-it' },
      watchLingerMs: 300,
    });
  });

  after(async () => {
    await f.deleteAll().catch(() => undefined);
    await running?.stop();
    await f.remove();
  });

  test('the operator, two resource pages, the owned panel and the Events share one informer per kind', async (t) => {
    const services = running?.services;
    const informers = running?.informers;
    assert.ok(services && informers);
    await eventually('the operator to run', 60_000, () =>
      services.manager.active.includes(f.crdName) ? true : undefined,
    );
    const crKey = `/apis/${f.group}/${f.version}/${f.plural}`;
    const all = `resources:${f.group}/${f.version}/${f.plural}`;
    const pageA = await listen(services, [all]);
    const pageB = await listen(services, [`${all}/${f.ns}`]);
    try {
      await f.create('m', 2);
      await eventually('m to converge at size 2', 90_000, async () => ((await f.converged('m', 2)) ? true : undefined));
      const cr = await f.get('m');
      assert.ok(cr);
      // a CR page: its owned panel and its Events (the Events watcher leases only while a page shows them)
      const owned = await listen(services, [`owned:${cr.metadata.uid}`, `events:${cr.metadata.uid}`]);
      try {
        await eventually('the owned panel to show the Deployment and 2 pods', 30_000, () => {
          const last = owned.events.findLast((e) => e.event.topic === `owned:${cr.metadata.uid}`)?.event;
          return last !== undefined && 'pods' in last && last.workloads.length === 1 && last.pods.length === 2
            ? true
            : undefined;
        });
        for (const page of [pageA, pageB])
          assert.ok(
            page.events.some((e) => e.event.type === 'upsert' && 'item' in e.event && e.event.item.name === 'm'),
            'each page saw the CR',
          );

        const stats = informers.stats();
        for (const s of stats) t.diagnostic(`${s.key} leases=${s.leases} ${s.state} objects=${s.objects}`);
        const watching = (prefix: string) => stats.filter((s) => s.key === prefix || s.key.startsWith(`${prefix}?`));
        assert.equal(watching(crKey).length, 1, 'one informer for the CR kind');
        assert.equal(watching(crKey)[0]?.leases, 2, 'leased by the operator and the live tables (both pages)');
        assert.equal(watching('/apis/apps/v1/deployments').length, 1, 'one informer for Deployments');
        assert.equal(
          watching('/apis/apps/v1/deployments')[0]?.leases,
          3,
          'leased by the operator, the Events watcher and the owned panel',
        );
        assert.equal(watching('/api/v1/pods').length, 1, 'one informer for Pods (every pod)');
        assert.equal(watching('/api/v1/pods')[0]?.leases, 3, 'the reconciler reads pod names from it too');
        assert.ok(
          stats.every((s) => s.state === 'watching'),
          'all watching',
        );

        // The API server's count of open watches: kube-controller-manager's garbage collector watches
        // every kind too (it joins ~20 s after a CRD appears), so compare with and without our services.
        await new Promise((r) => setTimeout(r, Math.max(0, installedAt + 35_000 - Date.now())));
        const withUs = await steadyWatches(kc, f.group, f.plural);
        const deploymentsWithUs = await steadyWatches(kc, 'apps', 'deployments');
        await owned.close();
        await pageA.close();
        await pageB.close();
        await f.deleteAll();
        await running?.stop();
        running = undefined;
        assert.deepEqual(informers.stats(), [], 'every informer stopped with the services');
        const withoutUs = await eventually('our watches to close', 10_000, async () => {
          const n = await steadyWatches(kc, f.group, f.plural);
          return n === withUs - 1 ? n : undefined;
        }).catch(() => undefined);
        const deploymentsWithoutUs = await steadyWatches(kc, 'apps', 'deployments');
        t.diagnostic(
          `open WATCHes of ${f.plural}.${f.group}: ${withUs} with the services, ${withoutUs ?? '?'} without; ` +
            `of deployments (other clients of the sandbox too): ${deploymentsWithUs} with, ${deploymentsWithoutUs} without`,
        );
        assert.equal(withUs - (withoutUs ?? withUs), 1, 'exactly one watch of the CR kind came from this process');
      } finally {
        await owned.close();
      }
    } finally {
      await pageA.close();
      await pageB.close();
    }
  });

  test('owned children of any kind through the owner index; the Deployment → ReplicaSet → Pod rows as before', async () => {
    const cache = new InformerCache({ kc });
    const http = new KubeJson(kc);
    try {
      await f.create('g', 1);
      const cr = await eventually('the CR', 10_000, () => f.get('g'));
      const owner = {
        apiVersion: `${f.group}/${f.version}`,
        kind: 'Memcached',
        name: 'g',
        uid: cr.metadata.uid,
        controller: true,
      };
      await http.request({
        method: 'POST',
        path: `/api/v1/namespaces/${f.ns}/configmaps`,
        body: { metadata: { name: 'g-config', ownerReferences: [owner] }, data: { a: '1' } },
      });
      await http.request({
        method: 'POST',
        path: `/api/v1/namespaces/${f.ns}/services`,
        body: {
          metadata: { name: 'g-svc', ownerReferences: [owner] },
          spec: { selector: { app: 'g' }, ports: [{ port: 11211 }] },
        },
      });
      // no operator runs here (the services are stopped): the Deployment is made by hand, as the operator would
      await http.request({
        method: 'POST',
        path: `/apis/apps/v1/namespaces/${f.ns}/deployments`,
        body: {
          metadata: {
            name: 'g',
            labels: { 'app.kubernetes.io/managed-by': 'MemcachedController' },
            ownerReferences: [owner],
          },
          spec: {
            replicas: 1,
            selector: { matchLabels: { 'app.kubernetes.io/managed-by': 'MemcachedController', app: 'g' } },
            template: {
              metadata: { labels: { 'app.kubernetes.io/managed-by': 'MemcachedController', app: 'g' } },
              spec: { containers: [{ name: 'c', image: 'example.invalid/memcached:1' }] },
            },
          },
        },
      });
      const kinds = [...DEFAULT_OWNED_KINDS, CONFIGMAPS, SERVICES];
      const tree = await eventually(
        'ConfigMap, Service, Deployment, ReplicaSet and Pod in the tree',
        60_000,
        async () => {
          const nodes = await readOwned(cache, cr.metadata.uid, kinds, { lingerMs: 5_000 });
          const seen = nodes.map((n) => `${n.depth}:${n.kind.kind}`);
          return ['1:ConfigMap', '1:Deployment', '1:Service', '2:ReplicaSet', '3:Pod'].every((k) => seen.includes(k))
            ? nodes
            : undefined;
        },
      );
      assert.deepEqual(
        tree.filter((n) => n.depth === 1).map((n) => `${n.kind.kind} ${n.object.metadata?.name}`),
        ['ConfigMap g-config', 'Deployment g', 'Service g-svc'],
        'direct children, sorted by kind',
      );

      const bus = new LiveBus();
      const snapshots = new SnapshotRegistry();
      const watcher = new OwnedWatcher(kc, bus, { cache, ownedKinds: kinds, lingerMs: 5_000 });
      watcher.registerSnapshots(snapshots);
      const topic = `owned:${cr.metadata.uid}` as const;
      const releaseTopic = snapshots.acquire([topic]);
      try {
        const [snap] = await snapshots.snapshot(topic);
        assert.ok(snap !== undefined && 'objects' in snap && snap.objects !== undefined);
        assert.deepEqual(
          snap.objects.map((o) => `${o.depth} ${o.group}/${o.resource} ${o.kind}${o.depth === 1 ? ` ${o.name}` : ''}`),
          [
            '1 /configmaps ConfigMap g-config',
            '1 apps/deployments Deployment g',
            '1 /services Service g-svc',
            '2 apps/replicasets ReplicaSet',
            '3 /pods Pod',
          ],
        );
        const [rs, pod] = snap.objects.slice(3);
        assert.equal(pod?.ownerUid, rs?.uid, 'the Pod hangs under its ReplicaSet');
        assert.equal(snap.workloads.map((d) => d.name).join(), 'g');
        assert.ok(snap.pods.every((p) => p.workload === 'g') && snap.pods.length === 1);
      } finally {
        releaseTopic();
        watcher.stopAll();
      }
      assert.deepEqual(
        cache.stats().map((s) => s.leases),
        kinds.map(() => 0),
        'every lease released; the informers linger for the next read',
      );
    } finally {
      cache.stop();
      assert.deepEqual(cache.stats(), []);
    }
  });

  test('releasing the last lease stops the informer and closes its watch; no timer is left', async (t) => {
    const timers = trackTimers();
    t.after(() => timers.restore());
    const cache = new InformerCache({ kc });
    const spec = { group: f.group, version: f.version, resource: f.plural };
    const before = await steadyWatches(kc, f.group, f.plural);
    const a = cache.acquire(spec);
    const b = cache.acquire(spec, { lingerMs: 200 });
    const seen: string[] = [];
    b.on('add', (o) => seen.push(o.metadata?.name ?? ''));
    await f.create('t', 1);
    assert.equal(await a.waitForSync(10_000), true);
    await eventually('the watch to deliver the new CR', 10_000, () => (seen.includes('t') ? true : undefined));
    await eventually('one more open watch', 10_000, async () =>
      (await openWatches(kc, f.group, f.plural)) === before + 1 ? true : undefined,
    );
    assert.deepEqual(
      cache.stats().map((s) => [s.leases, s.state]),
      [[2, 'watching']],
    );
    a.release();
    assert.equal(cache.stats()[0]?.leases, 1, 'still leased by b');
    b.release(); // lingers 200 ms
    assert.equal(cache.stats()[0]?.lingering, true);
    await eventually('the informer to stop after its linger time', 5_000, () =>
      cache.stats().length === 0 ? true : undefined,
    );
    assert.equal(a.state, 'stopped');
    await eventually('its watch to close on the API server', 10_000, async () =>
      (await openWatches(kc, f.group, f.plural)) <= before ? true : undefined,
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(timers.pending(), [], 'no timer left behind');
    cache.stop();
  });
});
