import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ClusterSummary, NamespaceSummary } from '@opstudio/controller/router';
import { applyLiveEvent, connectionOf, emptyLiveState } from './live-state';

const ns = (name: string, uid = `u-${name}`): NamespaceSummary => ({ uid, name, phase: 'Active', createdAt: null });
const names = (s: { namespaces: readonly NamespaceSummary[] | null }) => s.namespaces?.map((n) => n.name);

test('a snapshot replaces, upserts insert in name order or replace by uid, deletes remove', () => {
  let s = applyLiveEvent(emptyLiveState, { topic: 'namespaces', type: 'snapshot', items: [ns('default'), ns('kube-system')] });
  s = applyLiveEvent(s, { topic: 'namespaces', type: 'upsert', item: ns('demo') });
  assert.deepEqual(names(s), ['default', 'demo', 'kube-system']);
  s = applyLiveEvent(s, { topic: 'namespaces', type: 'upsert', item: { ...ns('demo'), phase: 'Terminating' } });
  assert.deepEqual(s.namespaces?.map((n) => n.phase), ['Active', 'Terminating', 'Active']);
  s = applyLiveEvent(s, { topic: 'namespaces', type: 'delete', item: ns('demo') });
  assert.deepEqual(names(s), ['default', 'kube-system']);
  s = applyLiveEvent(s, { topic: 'namespaces', type: 'snapshot', items: [ns('zeta')] });
  assert.deepEqual(names(s), ['zeta']);
});

test('the connection badge follows the subscription first, then the cluster', () => {
  const cluster = (connected: boolean): ClusterSummary => ({ connected, server: 's', context: 'c', version: 'v1', nodes: { ready: 3, total: 3 }, namespaces: 4, message: null, since: '' });
  assert.equal(connectionOf('connecting', false, null), 'connecting');
  assert.equal(connectionOf('pending', false, cluster(true)), 'live');
  assert.equal(connectionOf('pending', false, cluster(false)), 'cluster-down');
  assert.equal(connectionOf('connecting', true, cluster(true)), 'controller-down');
  assert.equal(connectionOf('error', true, cluster(true)), 'controller-down');
});
