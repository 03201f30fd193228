// The recorder against the real API server: repeats aggregate into one Event's series, and a
// series whose Event was deleted starts over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { EventsV1Api } from '@kubernetes/client-node';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';
import { apiServerEventSink, EventRecorder } from './recorder';

test(
  'recording the same event twice leaves one Event with series count 2, a third makes it 3',
  { skip: skipWithoutCluster },
  async () => {
    const { kc } = loadKubeConfig(kubeconfigPath);
    const api = kc.makeApiClient(EventsV1Api);
    const name = `rec-${randomUUID().slice(0, 8)}`;
    const rec = new EventRecorder({
      sink: apiServerEventSink(kc),
      reportingInstance: 'int-test',
      log: (m, f) => console.error(m, f),
    });
    const input = {
      regarding: { apiVersion: 'v1', kind: 'ConfigMap', name, namespace: 'default', uid: randomUUID() },
      type: 'Normal' as const,
      reason: 'Created',
      action: 'Create',
      note: `Created ConfigMap ${name}`,
    };
    const list = async () =>
      (await api.listNamespacedEvent({ namespace: 'default', fieldSelector: `regarding.name=${name}` })).items;

    await rec.record(input);
    await rec.record(input);
    let events = await list();
    assert.equal(events.length, 1);
    const [ev] = events;
    assert.equal(ev?.series?.count, 2);
    assert.ok(ev?.series?.lastObservedTime !== undefined);
    assert.equal(ev?.reportingController, 'operator-studio');
    assert.equal(ev?.reportingInstance, 'int-test');
    assert.equal(ev?.regarding?.name, name);
    assert.equal(ev?.note, `Created ConfigMap ${name}`);

    await rec.record(input);
    events = await list();
    assert.deepEqual(
      events.map((e) => e.series?.count),
      [3],
    );

    await rec.record({ ...input, type: 'Warning', reason: 'Failed', action: 'Reconcile', note: 'boom' });
    events = await list();
    assert.equal(events.length, 2);
    for (const e of events) await api.deleteNamespacedEvent({ name: e.metadata?.name ?? '', namespace: 'default' });

    // the series' Event is gone (its TTL, a delete): the next repeat starts a new Event, not an error
    await rec.record(input);
    events = await list();
    assert.deepEqual(
      events.map((e) => [e.reason, e.series?.count]),
      [['Created', undefined]],
    );
    for (const e of events) await api.deleteNamespacedEvent({ name: e.metadata?.name ?? '', namespace: 'default' });
  },
);
