import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markDegraded } from './conditions';
import { conditionTransitions, deploymentProgress, progressConditions } from './progress';
import type { ObservedDeployment } from './progress';

const now = new Date('2026-11-22T12:00:00Z');
const dep = (
  specReplicas: number,
  ready: number,
  opts: { generation?: number; observedGeneration?: number; replicas?: number } = {},
): ObservedDeployment => ({
  metadata: { generation: opts.generation ?? 2 },
  spec: { replicas: specReplicas },
  status: {
    observedGeneration: opts.observedGeneration ?? 2,
    replicas: opts.replicas ?? ready,
    readyReplicas: ready,
    updatedReplicas: ready,
  },
});

const cases: { name: string; dep: ObservedDeployment | undefined; wanted: number; ready: boolean }[] = [
  { name: 'no Deployment yet', dep: undefined, wanted: 3, ready: false },
  { name: 'all replicas ready', dep: dep(3, 3), wanted: 3, ready: true },
  { name: 'scaling up', dep: dep(5, 3), wanted: 5, ready: false },
  {
    name: 'the Deployment controller has not seen the new spec',
    dep: dep(5, 5, { generation: 3 }),
    wanted: 5,
    ready: false,
  },
  { name: 'old pods still terminating', dep: dep(3, 3, { replicas: 4 }), wanted: 3, ready: false },
  { name: 'spec not yet applied (stale cache)', dep: dep(3, 3), wanted: 5, ready: false },
  { name: 'size 0 with no pods', dep: dep(0, 0), wanted: 0, ready: true },
];
for (const c of cases) {
  test(`deploymentProgress: ${c.name}`, () => assert.equal(deploymentProgress(c.dep, c.wanted).ready, c.ready));
}

test("progressConditions: waiting reports Resizing, ready reports kubebuilder's message", () => {
  const waiting = progressConditions([], 'sample', { ready: false, readyReplicas: 1, wanted: 3 }, 4, now);
  assert.deepEqual(
    waiting.map((c) => [c.type, c.status, c.reason, c.message, c.observedGeneration]),
    [['Available', 'False', 'Resizing', 'Waiting for 1/3 replicas of Deployment sample to be ready', 4]],
  );
  const ready = progressConditions(waiting, 'sample', { ready: true, readyReplicas: 3, wanted: 3 }, 4, now);
  assert.deepEqual(
    ready.map((c) => [c.type, c.status, c.reason, c.message]),
    [
      [
        'Available',
        'True',
        'Reconciling',
        'Deployment for custom resource (sample) with 3 replicas created successfully',
      ],
    ],
  );
  assert.equal(
    progressConditions(ready, 'sample', { ready: true, readyReplicas: 3, wanted: 3 }, 4, now),
    ready,
    'no change → same array (no status write, no Event)',
  );
});

test('progressConditions clears an earlier Degraded once healthy', () => {
  const degraded = markDegraded([], 'InvalidSpec', 'bad size', 1, now);
  const healed = progressConditions(degraded, 'sample', { ready: true, readyReplicas: 1, wanted: 1 }, 2, now);
  assert.deepEqual(
    conditionTransitions(degraded, healed).map((t) => [t.type, t.from, t.to, t.reason]),
    [
      ['Degraded', 'True', 'False', 'Reconciling'],
      ['Available', null, 'True', 'Reconciling'],
    ],
  );
});
