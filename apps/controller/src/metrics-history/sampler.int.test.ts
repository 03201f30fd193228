// The sampler against a real controller: a WorkQueueController fed by a real watch on ConfigMaps in
// the test sandbox. After its reconciles (some failing once, so the queue retries), the history's
// points show non-zero success and error rates, retries, and a p50 from the runs' durations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CoreV1Api } from '@kubernetes/client-node';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { totalRate } from '@opstudio/shared/metrics/index';
import { ResilientInformer } from '../kube/informer';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { WorkQueueController } from '../runtime/controller';
import { outcome } from '../runtime/outcome';
import { objectKey, watchTrigger } from '../runtime/triggers';
import { MetricsHistory } from './sampler';

test(
  'after reconciles, the sampled history has non-zero rates and a duration quantile',
  { skip: skipWithoutCluster, timeout: 60_000 },
  async () => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    const core = kc.makeApiClient(CoreV1Api);
    const label = `mh-${randomUUID().slice(0, 8)}`;
    const labelSelector = `opstudio-test=${label}`;
    const stop = new AbortController();
    const failedOnce = new Set<string>();
    let finished = 0;
    const ctrl = new WorkQueueController({
      name: `it-${label}`,
      cluster: `cluster-${label}`,
      maxConcurrentReconciles: 2,
      reconcile: async (key) => {
        await new Promise((r) => setTimeout(r, 20)); // a run that takes measurable time
        // every object fails its first reconcile, so the queue retries it
        if (!failedOnce.has(key)) {
          failedOnce.add(key);
          return outcome.error(new Error('first try fails'));
        }
        return outcome.done();
      },
      onRun: () => void finished++,
    });
    const informer = new ResilientInformer<V1ConfigMap>({
      kc,
      path: '/api/v1/namespaces/default/configmaps',
      labelSelector,
      list: () => core.listNamespacedConfigMap({ namespace: 'default', labelSelector }),
    });
    informer.on('add', (cm: V1ConfigMap) =>
      ctrl.enqueue(
        objectKey({ namespace: cm.metadata?.namespace, name: cm.metadata?.name ?? '' }),
        watchTrigger('watch', 'ADDED', cm, 'ConfigMap'),
      ),
    );
    const stopped = ctrl.start(stop.signal);
    await informer.start(stop.signal);
    const history = new MetricsHistory(1_000, 60_000);
    const names = [1, 2, 3].map((i) => `${label}-${i}`);
    try {
      await history.sample(Date.now());
      for (const name of names)
        await core.createNamespacedConfigMap({
          namespace: 'default',
          body: { metadata: { name, labels: { 'opstudio-test': label } } },
        });
      await eventually('two runs per object (a failure, then the retry)', 20_000, () =>
        finished >= names.length * 2 ? true : undefined,
      );
      await history.sample(Date.now());

      const points = history.points(`cluster-${label}`, `it-${label}`);
      assert.equal(points.length, 1);
      const [p] = points;
      assert.ok(p !== undefined);
      assert.ok(p.reconcilesPerSecond.success > 0, 'success rate');
      assert.ok(p.reconcilesPerSecond.error > 0, 'error rate');
      assert.ok(p.retriesPerSecond > 0, 'retries');
      assert.ok(totalRate(p) > 0);
      // the runs slept 20 ms: the median lies in a bucket above 10 ms
      assert.ok(p.p50Seconds !== null && p.p50Seconds > 0.01, `p50 ${p.p50Seconds}`);
      assert.equal(p.depth, 0);
    } finally {
      stop.abort();
      await stopped;
      for (const name of names)
        await core.deleteNamespacedConfigMap({ name, namespace: 'default' }).catch(() => undefined);
    }
  },
);
