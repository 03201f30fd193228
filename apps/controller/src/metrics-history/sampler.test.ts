// One kind in two clusters is two controllers of one name (one controller-manager per kubeconfig
// context): their series differ by `cluster`, and the sampler keeps a ring per (cluster,
// controller), so neither cluster's charts show the other's reconciles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { WorkQueueController } from '../runtime/controller';
import { outcome } from '../runtime/outcome';
import { MetricsHistory } from './sampler';

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never happened: ${what}`);
}

/** A controller named `name` in `cluster` whose keys listed in `failOnce` fail their first run. */
function controllerIn(cluster: string, name: string, failOnce: readonly string[] = []) {
  const failed = new Set<string>();
  let runs = 0;
  const built = new WorkQueueController({
    name,
    cluster,
    reconcile: (key) => {
      runs++;
      if (failOnce.includes(key) && !failed.has(key)) {
        failed.add(key);
        return Promise.resolve(outcome.error(new Error('first try fails')));
      }
      return Promise.resolve(outcome.done());
    },
  });
  const stop = new AbortController();
  const stopped = built.start(stop.signal);
  return {
    enqueue: (...keys: string[]) => keys.forEach((k) => built.enqueue(k, { kind: 'resync' })),
    runs: () => runs,
    stop: async () => (stop.abort(), stopped),
  };
}

const lines = async (prefix: string) => (await register.metrics()).split('\n').filter((l) => l.startsWith(prefix));

test('one controller name in two clusters: separate series and separate sampled points', async () => {
  const name = `same-kind-${randomUUID().slice(0, 8)}`;
  const east = controllerIn('east', name);
  const west = controllerIn('west', name, ['ns/b']);
  const history = new MetricsHistory(1_000, 60_000);
  try {
    await history.sample(1_000); // both controllers' zeroed series: the start of the first interval
    east.enqueue('ns/a');
    west.enqueue('ns/a', 'ns/b', 'ns/c');
    await until(() => east.runs() === 1 && west.runs() === 4, 'one run in east, three and a retry in west');
    await history.sample(2_000);

    assert.deepEqual(await lines(`controller_runtime_reconcile_total{controller="${name}",result="success"`), [
      `controller_runtime_reconcile_total{controller="${name}",result="success",cluster="east"} 1`,
      `controller_runtime_reconcile_total{controller="${name}",result="success",cluster="west"} 3`,
    ]);
    assert.deepEqual(await lines(`workqueue_retries_total{name="${name}"`), [
      `workqueue_retries_total{name="${name}",controller="${name}",cluster="east"} 0`,
      `workqueue_retries_total{name="${name}",controller="${name}",cluster="west"} 1`,
    ]);

    // one second between the samples: the rates are the counts
    const [e] = history.points('east', name);
    const [w] = history.points('west', name);
    assert.deepEqual(e && { ...e.reconcilesPerSecond, retries: e.retriesPerSecond, depth: e.depth }, {
      success: 1,
      error: 0,
      requeue: 0,
      requeue_after: 0,
      retries: 0,
      depth: 0,
    });
    assert.deepEqual(w && { ...w.reconcilesPerSecond, retries: w.retriesPerSecond, depth: w.depth }, {
      success: 3,
      error: 1,
      requeue: 0,
      requeue_after: 0,
      retries: 1,
      depth: 0,
    });
    assert.deepEqual(history.points('', name), [], 'no series without a cluster');
    assert.deepEqual(history.points('north', name), [], 'a cluster that runs no such controller has no points');
  } finally {
    await Promise.all([east.stop(), west.stop()]);
  }
});

test('a controller started between two samples has its first reconciles in its first point', async () => {
  const name = `late-kind-${randomUUID().slice(0, 8)}`;
  const history = new MetricsHistory(1_000, 60_000);
  await history.sample(1_000); // before the controller exists
  const late = controllerIn('east', name);
  try {
    late.enqueue('ns/a', 'ns/b');
    await until(() => late.runs() === 2, 'two runs');
    await history.sample(2_000);
    assert.deepEqual(
      history.points('east', name).map((p) => p.reconcilesPerSecond.success),
      [2],
    );
  } finally {
    await late.stop();
  }
});
