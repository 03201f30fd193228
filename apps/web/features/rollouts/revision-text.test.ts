// The Revision cell says what the controller chooses: the pin, the rollout's revision for the
// resources it moved (not after Rollback), else the kind's current revision.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROLLOUT_REQUEST, rollbackRollout, startRollout } from '@opstudio/shared/rollout/rollout';
import { revisionText } from './revision-text';

const state = {
  ...startRollout(1, ROLLOUT_REQUEST.parse({ to: 2, canary: { count: 1 } }), new Date(0)),
  assigned: ['default/a'],
};
const assigned = new Set(state.assigned);

test('pinned, rollout, current; Rollback returns the rollout’s resources to current', () => {
  const kind = { current: 1, rollout: { state } };
  assert.equal(revisionText({ namespace: 'default', name: 'a' }, kind, assigned), '2 (rollout)');
  assert.equal(revisionText({ namespace: 'default', name: 'b' }, kind, assigned), '1');
  assert.equal(revisionText({ namespace: 'default', name: 'b', pinnedRevision: '3' }, kind, assigned), '3 (pinned)');
  assert.equal(
    revisionText(
      { namespace: 'default', name: 'a' },
      { current: 1, rollout: { state: rollbackRollout(state) } },
      new Set(),
    ),
    '1',
  );
  assert.equal(
    revisionText({ namespace: 'default', name: 'a', pinnedRevision: 'x' }, kind, assigned),
    'pin "x" is not a revision',
  );
  assert.equal(revisionText({ namespace: 'default', name: 'a' }, undefined, assigned), '');
});
