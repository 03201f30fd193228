import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namespacedPath } from '../vs-go/target';
import type { CrState } from '../vs-go/tracker';
import { statusObserved, waitingFor } from './target';

test('waitingFor reads the child ids out of the Available message', () => {
  assert.deepEqual(waitingFor('5 of 6 resources ready: waiting for statefulset'), ['statefulset']);
  assert.deepEqual(waitingFor('3 of 6 resources ready: waiting for peers, statefulset, pdb'), [
    'peers',
    'statefulset',
    'pdb',
  ]);
  assert.deepEqual(waitingFor('0 of 1 resource ready: waiting for config; ConfigMap team/x does not exist'), [
    'config',
  ]);
  assert.equal(waitingFor('all 6 resources ready'), undefined);
  assert.equal(waitingFor(undefined), undefined);
});

const waiting = (message: string, over: Partial<CrState> = {}): CrState => ({
  generation: 1,
  size: undefined,
  available: false,
  availableGeneration: 1,
  availableReason: 'WaitingForResources',
  availableMessage: message,
  status: { readyReplicas: 0, peers: 's-0=http://s-0.s-peer:2380' },
  ...over,
});

test('observed: the StatefulSet in the status, every other child ready, for the generation', () => {
  assert.equal(statusObserved(waiting('5 of 6 resources ready: waiting for statefulset')), true);
  // another child still waits
  assert.equal(statusObserved(waiting('4 of 6 resources ready: waiting for pdb, statefulset')), false);
  // the StatefulSet not in the controller's cache yet: no status.readyReplicas
  assert.equal(statusObserved(waiting('5 of 6 resources ready: waiting for statefulset', { status: {} })), false);
  // the condition describes an older generation
  assert.equal(statusObserved(waiting('5 of 6 resources ready: waiting for statefulset', { generation: 2 })), false);
  // a failure is not the milestone
  const failed = { availableReason: 'EvaluationFailed' };
  assert.equal(statusObserved(waiting('5 of 6 resources ready; 1 expression failed', failed)), false);
  // Available=True (a cluster with storage) is past it
  assert.equal(
    statusObserved(waiting('all 6 resources ready', { available: true, availableReason: 'AllResourcesReady' })),
    true,
  );
});

test('namespacedPath: core and grouped collections', () => {
  assert.equal(namespacedPath('s', 'v1/pods'), '/api/v1/namespaces/s/pods');
  assert.equal(namespacedPath('s', 'apps/v1/statefulsets'), '/apis/apps/v1/namespaces/s/statefulsets');
});
