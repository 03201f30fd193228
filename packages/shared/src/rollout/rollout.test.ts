/// <reference types="node" />
// Revisions and rollouts (docs/design/0055): which revision a resource runs, and how a rollout
// steps from the canary to the rest, pausing on the first resource that fails or is late.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOPELESS_WAITS, memberHealth, workloadRolloutWait } from './member-health';
import { chooseRevision, REVISION_ANNOTATION, parseRevision } from './revision';
import {
  advanceRollout,
  rollbackRollout,
  ROLLOUT_REQUEST,
  startRollout,
  type MemberHealth,
  type RolloutMember,
} from './rollout';

const T0 = new Date('2026-11-30T06:00:00Z');
const later = (s: number) => new Date(T0.getTime() + s * 1000);
const members = (n: number): RolloutMember[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `default/web-${String(i).padStart(3, '0')}`,
    labels: { tier: i % 10 === 0 ? 'canary' : 'main' },
    pinned: false,
  }));

test('a pin wins over a rollout, a rollout over the current revision; a bad pin is an error', () => {
  const rollout = { to: 4, assigned: new Set(['default/a']) };
  const pinned = { metadata: { annotations: { [REVISION_ANNOTATION]: '2' } } };
  assert.deepEqual(chooseRevision(pinned, 'default/a', { current: 3, rollout }), { version: 2, source: 'pinned' });
  assert.deepEqual(chooseRevision({}, 'default/a', { current: 3, rollout }), { version: 4, source: 'rollout' });
  assert.deepEqual(chooseRevision({}, 'default/b', { current: 3, rollout }), { version: 3, source: 'current' });
  const bad = chooseRevision({ metadata: { annotations: { [REVISION_ANNOTATION]: 'v2' } } }, 'default/a', {
    current: 3,
  });
  assert.ok('error' in bad && bad.error.includes('"v2" is not a revision'));
  assert.ok('error' in parseRevision('07'));
});

test('the canary by count is the first N by key; pinned resources are left out', () => {
  const all = members(200).map((m, i) => (i === 0 ? { ...m, pinned: true } : m));
  const s = advanceRollout(
    startRollout(1, ROLLOUT_REQUEST.parse({ to: 2, canary: { count: 5 } }), T0),
    all,
    () => ({ state: 'waiting', why: '' }),
    T0,
  );
  assert.equal(s.phase, 'canary');
  assert.deepEqual(s.step, [
    'default/web-001',
    'default/web-002',
    'default/web-003',
    'default/web-004',
    'default/web-005',
  ]);
  assert.deepEqual(s.assigned, s.step);
});

test('the canary by label selector; one that selects nothing pauses at once', () => {
  const req = ROLLOUT_REQUEST.parse({ to: 2, canary: { selector: { matchLabels: { tier: 'canary' } } } });
  const s = advanceRollout(startRollout(1, req, T0), members(30), () => ({ state: 'healthy' }), T0);
  assert.deepEqual(s.step, ['default/web-000', 'default/web-010', 'default/web-020']);
  const none = ROLLOUT_REQUEST.parse({ to: 2, canary: { selector: { matchLabels: { tier: 'none' } } } });
  const p = advanceRollout(startRollout(1, none, T0), members(30), () => ({ state: 'healthy' }), T0);
  assert.equal(p.phase, 'paused');
  assert.match(p.failure?.reason ?? '', /selects no resource/);
});

test('a healthy canary moves the rest in batches, then completes', () => {
  const all = members(12);
  const req = ROLLOUT_REQUEST.parse({ to: 2, canary: { count: 2 }, batch: 5 });
  const ok = (): MemberHealth => ({ state: 'healthy' });
  let s = advanceRollout(startRollout(1, req, T0), all, ok, T0);
  s = advanceRollout(s, all, ok, later(1));
  assert.equal(s.phase, 'rest');
  assert.equal(s.step.length, 5);
  s = advanceRollout(s, all, ok, later(2));
  s = advanceRollout(s, all, ok, later(3));
  assert.equal(s.assigned.length, 12);
  s = advanceRollout(s, all, ok, later(4));
  assert.equal(s.phase, 'complete');
});

test('the first failing canary pauses the rollout with its reason; nothing else moves; Rollback empties it', () => {
  const all = members(200);
  const req = ROLLOUT_REQUEST.parse({ to: 2, canary: { count: 5 } });
  let s = advanceRollout(startRollout(1, req, T0), all, () => ({ state: 'waiting', why: 'x' }), T0);
  const health = (k: string): MemberHealth =>
    k === 'default/web-003'
      ? { state: 'failed', why: 'Deployment web-003: pod web-003-x: ImagePullBackOff: …' }
      : { state: 'waiting', why: 'w' };
  s = advanceRollout(s, all, health, later(1));
  assert.equal(s.phase, 'paused');
  assert.deepEqual(s.failure, {
    key: 'default/web-003',
    reason: 'Deployment web-003: pod web-003-x: ImagePullBackOff: …',
  });
  assert.equal(s.assigned.length, 5);
  assert.equal(
    advanceRollout(s, all, () => ({ state: 'healthy' }), later(2)),
    s,
    'a paused rollout stays paused',
  );
  const back = rollbackRollout(s);
  assert.equal(back.phase, 'rolledBack');
  assert.deepEqual(back.assigned, []);
});

test('a step still waiting after the bound pauses, naming what it waits for', () => {
  const all = members(10);
  const req = ROLLOUT_REQUEST.parse({ to: 2, canary: { count: 1 }, readyWithinSeconds: 30 });
  const waiting = (): MemberHealth => ({ state: 'waiting', why: 'Deployment web-000: 0 of 1 new replicas updated' });
  let s = advanceRollout(startRollout(1, req, T0), all, waiting, T0);
  assert.equal(advanceRollout(s, all, waiting, later(29)).phase, 'canary');
  s = advanceRollout(s, all, waiting, later(31));
  assert.equal(s.phase, 'paused');
  assert.equal(s.failure?.reason, 'not ready within 30s: Deployment web-000: 0 of 1 new replicas updated');
});

const deployment = (status: Record<string, number>, generation = 2) => ({
  kind: 'Deployment',
  metadata: { name: 'web', generation },
  spec: { replicas: 1 },
  status: { observedGeneration: 2, ...status },
});

test('a Deployment is rolled out as kubectl rollout status judges it', () => {
  assert.equal(workloadRolloutWait(deployment({ replicas: 1, updatedReplicas: 1, availableReplicas: 1 })), undefined);
  assert.equal(
    workloadRolloutWait(deployment({ replicas: 2, updatedReplicas: 1, availableReplicas: 1 })),
    '1 old replicas are pending termination',
  );
  assert.equal(workloadRolloutWait(deployment({}, 3)), 'its new spec is not observed yet');
});

test('health: a run at another revision waits, a failed run fails, a pod that cannot pull its image fails', () => {
  const pulling = {
    metadata: { name: 'web-abc' },
    status: {
      phase: 'Pending',
      containerStatuses: [
        { state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "x:does-not-exist"' } } },
      ],
    },
  };
  const stuck = deployment({ replicas: 2, updatedReplicas: 1, availableReplicas: 1 });
  assert.equal(memberHealth({ to: 2, lastRun: { version: 1 }, workloads: [] }).state, 'waiting');
  assert.deepEqual(memberHealth({ to: 2, lastRun: { version: 2, error: 'boom' }, workloads: [] }), {
    state: 'failed',
    why: 'reconcile failed: boom',
  });
  assert.deepEqual(memberHealth({ to: 2, lastRun: { version: 2 }, workloads: [{ object: stuck, pods: [pulling] }] }), {
    state: 'failed',
    why: 'Deployment web: pod web-abc: ImagePullBackOff: Back-off pulling image "x:does-not-exist"',
  });
  assert.equal(
    memberHealth({ to: 2, lastRun: { version: 2 }, workloads: [{ object: stuck, pods: [] }] }).state,
    'waiting',
  );
  assert.equal(
    memberHealth({ to: 2, lastRun: { version: 2 }, ready: { status: 'True' }, workloads: [] }).state,
    'healthy',
  );
  assert.ok(HOPELESS_WAITS.includes('ErrImagePull'));
});
