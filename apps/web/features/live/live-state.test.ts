import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClusterSummary, NamespaceSummary } from '@opstudio/controller/router';
import {
  applyLiveEvent,
  applyLiveEvents,
  CONNECTION_DROPPED,
  connectionOf,
  emptyLiveState,
  streamErrorOf,
} from './live-state';
import type { ResourceRow } from '../resources/api-types';

const ns = (name: string, uid = `u-${name}`): NamespaceSummary => ({ uid, name, phase: 'Active', createdAt: null });
/** A table row named after its uid, in `default`. */
const row = (uid: string, rv = '1'): ResourceRow => ({
  uid,
  name: uid,
  namespace: 'default',
  creationTimestamp: null,
  deletionTimestamp: null,
  generation: 1,
  observedGeneration: null,
  resourceVersion: rv,
  columns: [],
  conditions: [],
});
const names = (s: { namespaces: readonly NamespaceSummary[] | null }) => s.namespaces?.map((n) => n.name);

test('a snapshot replaces, upserts insert in name order or replace by uid, deletes remove', () => {
  let s = applyLiveEvent(emptyLiveState, {
    topic: 'namespaces',
    type: 'snapshot',
    items: [ns('default'), ns('kube-system')],
  });
  s = applyLiveEvent(s, { topic: 'namespaces', type: 'upsert', item: ns('demo') });
  assert.deepEqual(names(s), ['default', 'demo', 'kube-system']);
  s = applyLiveEvent(s, { topic: 'namespaces', type: 'upsert', item: { ...ns('demo'), phase: 'Terminating' } });
  assert.deepEqual(
    s.namespaces?.map((n) => n.phase),
    ['Active', 'Terminating', 'Active'],
  );
  s = applyLiveEvent(s, { topic: 'namespaces', type: 'delete', item: ns('demo') });
  assert.deepEqual(names(s), ['default', 'kube-system']);
  s = applyLiveEvent(s, { topic: 'namespaces', type: 'snapshot', items: [ns('zeta')] });
  assert.deepEqual(names(s), ['zeta']);
});

test('the connection badge follows the subscription first, then the cluster', () => {
  const cluster = (connected: boolean): ClusterSummary => ({
    connected,
    server: 's',
    context: 'c',
    version: 'v1',
    nodes: { ready: 3, total: 3 },
    namespaces: 4,
    message: null,
    since: '',
  });
  assert.equal(connectionOf('connecting', null, null), 'connecting');
  assert.equal(connectionOf('pending', null, cluster(true)), 'live');
  assert.equal(connectionOf('pending', null, cluster(false)), 'cluster-down');
  assert.equal(connectionOf('connecting', 'INTERNAL_SERVER_ERROR', cluster(true)), 'controller-down');
  assert.equal(connectionOf('error', '', cluster(true)), 'controller-down');
  // a context the kubeconfig does not have: said as such while the subscription retries
  assert.equal(connectionOf('error', 'NOT_FOUND', null), 'cluster-unknown');
  assert.equal(connectionOf('connecting', 'NOT_FOUND', null), 'cluster-unknown');
});

test("the stream's error: the server's words outlive the dropped connection after them; a drop alone is said in words", () => {
  const server = { message: 'cannot reach the database: check DATABASE_URL', data: { code: 'SERVICE_UNAVAILABLE' } };
  const dropped = { message: 'Unknown error' }; // tRPC's words for the EventSource's error event
  const first = streamErrorOf(server, null);
  assert.deepEqual(first, { message: server.message, code: 'SERVICE_UNAVAILABLE' });
  assert.equal(streamErrorOf(dropped, first), first);
  assert.equal(streamErrorOf(null, first), null); // live again
  assert.deepEqual(streamErrorOf(dropped, null), { message: CONNECTION_DROPPED, code: null });
  // a later server answer replaces what was shown
  const notFound = { message: 'no context "x"', data: { code: 'NOT_FOUND' } };
  assert.deepEqual(streamErrorOf(notFound, first), { message: notFound.message, code: 'NOT_FOUND' });
  assert.deepEqual(streamErrorOf({ message: 'x', data: null }, null), { message: CONNECTION_DROPPED, code: null });
});

test('resource rows, owned objects and events fold per topic; a later snapshot replaces rows', () => {
  const row = (name: string) => ({
    uid: `u-${name}`,
    name,
    namespace: 'ns',
    creationTimestamp: null,
    deletionTimestamp: null,
    generation: 1,
    observedGeneration: null,
    resourceVersion: '1',
    columns: [],
    conditions: [],
  });
  const topic = 'resources:cache.example.com/v1alpha1/memcacheds/ns' as const;
  let s = applyLiveEvent(emptyLiveState, { topic, type: 'snapshot', items: [row('a'), row('b')] });
  s = applyLiveEvent(s, { topic, type: 'upsert', item: row('c') });
  s = applyLiveEvent(s, { topic, type: 'delete', item: row('a') });
  assert.deepEqual([...(s.rows.get(topic)?.keys() ?? [])].sort(), ['u-b', 'u-c']);
  s = applyLiveEvent(s, { topic, type: 'snapshot', items: [row('z')] });
  assert.deepEqual([...(s.rows.get(topic)?.keys() ?? [])], ['u-z']);
  s = applyLiveEvent(s, { topic: 'owned:u-z', type: 'snapshot', workloads: [], pods: [], claims: [] });
  assert.deepEqual(s.owned.get('u-z'), { workloads: [], pods: [], claims: [], objects: [] });
});

test('an object topic holds the one object, replaced whole by each event; null when gone; the refusal when refused', () => {
  const topic = 'object:cache.example.com/v1alpha1/memcacheds/ns/a' as const;
  const obj = (rv: string) => ({
    apiVersion: 'cache.example.com/v1alpha1',
    kind: 'Memcached',
    metadata: { name: 'a', namespace: 'ns', uid: 'u-a', resourceVersion: rv },
    status: { conditions: [] },
  });
  let s = applyLiveEvent(emptyLiveState, { topic, type: 'snapshot', object: obj('1') });
  s = applyLiveEvent(s, { topic, type: 'snapshot', object: obj('2') });
  assert.equal(s.objects.get(topic)?.object?.metadata.resourceVersion, '2');
  assert.equal(s.objects.get(topic)?.refused, null);
  s = applyLiveEvent(s, { topic, type: 'snapshot', object: null });
  assert.deepEqual(s.objects.get(topic), { object: null, refused: null });
  s = applyLiveEvent(s, { topic, type: 'snapshot', object: null, refused: 'Kubernetes RBAC does not let …' });
  assert.deepEqual(s.objects.get(topic), { object: null, refused: 'Kubernetes RBAC does not let …' });
});

test('a timeline snapshot after a reconnect merges with the runs already shown: none lost, none twice', () => {
  const run = (id: number) => ({
    id,
    controller: 'memcached',
    objectUid: 'u1',
    kind: 'Memcached',
    namespace: 'ns',
    name: 'm',
    generation: 1,
    designId: null,
    designVersion: null,
    triggers: [],
    startedAt: new Date(id * 1000).toISOString(),
    durationMs: 1,
    outcome: 'success' as const,
    requeueAfterMs: null,
    errorMessage: null,
    actions: [],
    conditions: [],
  });
  let s = applyLiveEvent(emptyLiveState, { topic: 'timeline:u1', type: 'snapshot', runs: [run(1), run(2), run(3)] });
  s = applyLiveEvent(s, { topic: 'timeline:u1', type: 'run', run: run(4) });
  // the server restarted: a fresh snapshot of the newest runs only (older ones were shown already)
  s = applyLiveEvent(s, { topic: 'timeline:u1', type: 'snapshot', runs: [run(3), run(4), run(5)] });
  assert.deepEqual(
    s.timelines.get('u1')?.map((r) => r.id),
    [5, 4, 3, 2, 1],
  );
});

test('a batch of row events folds like one event at a time, copying the rows once, never the state it came from', () => {
  const topic = 'resources:g.example.com/v1/things' as const;
  const start = applyLiveEvent(emptyLiveState, { topic, type: 'snapshot', items: [row('a', '1'), row('b', '1')] });
  const before = start.rows.get(topic);
  const batch = [
    { topic, type: 'upsert', item: row('a', '2') },
    { topic, type: 'delete', item: row('b', '1') },
    { topic, type: 'upsert', item: row('c', '3') },
    { topic, type: 'upsert', item: row('a', '4') },
  ] as const;
  const folded = applyLiveEvents(start, batch);
  assert.deepEqual(folded, batch.reduce(applyLiveEvent, start));
  assert.deepEqual(
    [...(folded.rows.get(topic)?.values() ?? [])].map((r) => `${r.uid}@${r.resourceVersion}`),
    ['a@4', 'c@3'],
  );
  assert.equal(start.rows.get(topic), before, 'the state before is left alone');
  assert.equal(before?.size, 2);
  const resnap = applyLiveEvents(start, [...batch, { topic, type: 'snapshot', items: [row('z', '9')] }]);
  assert.deepEqual([...(resnap.rows.get(topic)?.keys() ?? [])], ['z'], 'a snapshot in the batch replaces');
});

test('a snapshot in pages: rows grow page by page, the topic is loading until the last page, in one batch or many', () => {
  const topic = 'resources:g.example.com/v1/things' as const;
  const more = { total: 5 };
  const events = [
    { topic, type: 'snapshot', items: [row('a'), row('b')], more },
    { topic, type: 'page', items: [row('c'), row('d')], more },
    { topic, type: 'upsert', item: row('x') },
    { topic, type: 'page', items: [row('e')] },
  ] as const;
  const first = applyLiveEvents(emptyLiveState, events.slice(0, 2));
  assert.deepEqual([...(first.rows.get(topic)?.keys() ?? [])], ['a', 'b', 'c', 'd']);
  assert.equal(first.rowsLoading.get(topic), 5, 'still loading, 5 in all');
  const done = applyLiveEvents(first, events.slice(2));
  assert.deepEqual([...(done.rows.get(topic)?.keys() ?? [])], ['a', 'b', 'c', 'd', 'x', 'e']);
  assert.equal(done.rowsLoading.has(topic), false, 'the last page ends the loading');
  assert.deepEqual(applyLiveEvents(emptyLiveState, events), done, 'one batch folds like two');
  assert.deepEqual(applyLiveEvents(emptyLiveState, events), events.reduce(applyLiveEvent, emptyLiveState));
});
