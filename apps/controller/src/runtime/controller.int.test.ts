// A WorkQueueController fed by a real watch (the resilient informer on ConfigMaps): each run carries the
// watch events that caused it, with their resourceVersions, and edits made while a reconcile is
// running collapse into exactly one more run after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CoreV1Api } from '@kubernetes/client-node';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { ResilientInformer } from '../kube/informer';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import type { ReconcileAttempt } from './controller';
import { WorkQueueController } from './controller';
import { outcome } from './outcome';
import { objectKey, watchTrigger } from './triggers';

test(
  'watch events become triggers; edits during a reconcile collapse into one more run',
  { skip: skipWithoutCluster, timeout: 60_000 },
  async () => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    const core = kc.makeApiClient(CoreV1Api);
    const label = `rt-${randomUUID().slice(0, 8)}`;
    const labelSelector = `opstudio-test=${label}`;
    const stop = new AbortController();
    const runs: ReconcileAttempt[] = [];
    let gate: Promise<void> | undefined;
    let open: () => void = () => undefined;
    let running = 0;

    const ctrl = new WorkQueueController({
      name: `it-${label}`,
      maxConcurrentReconciles: 2,
      reconcile: async () => {
        running++;
        if (gate !== undefined) await gate;
        running--;
        return outcome.done();
      },
      onRun: (r) => void runs.push(r),
    });
    const informer = new ResilientInformer<V1ConfigMap>({
      kc,
      path: '/api/v1/namespaces/default/configmaps',
      labelSelector,
      list: () => core.listNamespacedConfigMap({ namespace: 'default', labelSelector }),
    });
    const enqueue = (type: 'ADDED' | 'MODIFIED' | 'DELETED') => (cm: V1ConfigMap) =>
      ctrl.enqueue(
        objectKey({ namespace: cm.metadata?.namespace, name: cm.metadata?.name ?? '' }),
        watchTrigger('watch', type, cm, 'ConfigMap'),
      );
    informer.on('add', enqueue('ADDED'));
    informer.on('update', enqueue('MODIFIED'));
    informer.on('delete', enqueue('DELETED'));
    const stopped = ctrl.start(stop.signal);
    await informer.start(stop.signal);

    const name = label;
    let cm = await core.createNamespacedConfigMap({
      namespace: 'default',
      body: { metadata: { name, labels: { 'opstudio-test': label } }, data: { v: '0' } },
    });
    await eventually('the ADDED run', 10_000, () => (runs.length >= 1 ? true : undefined));
    assert.deepEqual(runs[0]?.triggers, [
      {
        kind: 'watch',
        eventType: 'ADDED',
        resourceVersion: cm.metadata?.resourceVersion,
        object: { kind: 'ConfigMap', name, namespace: 'default' },
      },
    ]);
    assert.equal(runs[0]?.key, `default/${name}`);

    gate = new Promise<void>((r) => (open = r));
    cm = await core.replaceNamespacedConfigMap({ name, namespace: 'default', body: { ...cm, data: { v: '1' } } });
    await eventually('the blocked run', 10_000, () => (running === 1 ? true : undefined));
    const during: string[] = [];
    for (const v of ['2', '3']) {
      cm = await core.replaceNamespacedConfigMap({ name, namespace: 'default', body: { ...cm, data: { v } } });
      during.push(cm.metadata?.resourceVersion ?? '');
    }
    await eventually('the cache saw both edits', 10_000, () =>
      informer.get(name, 'default')?.metadata?.resourceVersion === during[1] ? true : undefined,
    );
    assert.equal(running, 1, 'the second worker never took the busy key');
    gate = undefined;
    open();
    await eventually('exactly one more run', 10_000, () => (runs.length >= 3 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(runs.length, 3);
    assert.deepEqual(
      runs[2]?.triggers.map((t) => (t.kind === 'watch' ? `${t.eventType}@${t.resourceVersion}` : t.kind)),
      during.map((rv) => `MODIFIED@${rv}`),
    );

    await core.deleteNamespacedConfigMap({ name, namespace: 'default' });
    await eventually('the DELETED run', 10_000, () =>
      runs.some((r) => r.triggers.some((t) => t.kind === 'watch' && t.eventType === 'DELETED')) ? true : undefined,
    );
    stop.abort();
    await stopped;
  },
);
