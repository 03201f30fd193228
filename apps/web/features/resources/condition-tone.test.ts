import assert from 'node:assert/strict';
import { test } from 'node:test';
import { conditionTone } from './condition-tone';

test('a finished rollout (Progressing=False) is not a warning; a failed one is (issue 30, point 6)', () => {
  assert.equal(conditionTone({ type: 'Progressing', status: 'False', reason: 'Reconciled' }), 'neutral');
  assert.equal(conditionTone({ type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' }), 'neutral');
  assert.equal(conditionTone({ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }), 'bad');
  assert.equal(conditionTone({ type: 'Available', status: 'True' }), 'good');
  assert.equal(conditionTone({ type: 'Available', status: 'False' }), 'bad');
  assert.equal(conditionTone({ type: 'Degraded', status: 'False' }), 'good');
  assert.equal(conditionTone({ type: 'MemoryPressure', status: 'True' }), 'bad');
  assert.equal(conditionTone({ type: 'Ready', status: 'Unknown' }), 'neutral');
});
