/// <reference types="node" />
// Why a pod waits (issue 30, point 2): the scheduler's words for an unscheduled pod, a waiting
// container's otherwise, nothing on the normal way to Running; the first waiting pod of a
// workload by name; and the Progressing message naming it after the child that waits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planConditions } from './conditions';
import { podWaitReason, workloadWait } from './pod-waits';
import { POD_WAIT_CASES, PROGRESSING_WAIT_CASE, WORKLOAD_WAIT_CASES } from './pod-waits-cases';

const unscheduled = (name: string) => ({
  metadata: { name },
  status: {
    phase: 'Pending',
    conditions: [
      {
        type: 'PodScheduled',
        status: 'False',
        reason: 'Unschedulable',
        message: '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims',
      },
    ],
  },
});

test("a pod's wait: the scheduler's reason, else a waiting container's, never the normal way to Running", () => {
  assert.equal(
    podWaitReason(unscheduled('kv-0')),
    'Unschedulable: 0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims',
  );
  const pulling = {
    status: {
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'True' }],
      containerStatuses: [
        { state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "x:9"' } } },
      ],
    },
  };
  assert.equal(podWaitReason(pulling), 'ImagePullBackOff: Back-off pulling image "x:9"');
  const creating = {
    status: { phase: 'Pending', containerStatuses: [{ state: { waiting: { reason: 'ContainerCreating' } } }] },
  };
  assert.equal(podWaitReason(creating), null);
  assert.equal(podWaitReason({ status: { phase: 'Running' } }), null);
});

test("a workload's wait names its first waiting pod by name; one being deleted does not count", () => {
  assert.equal(
    workloadWait([
      unscheduled('kv-2'),
      { metadata: { name: 'kv-0' }, status: { phase: 'Running' } },
      unscheduled('kv-1'),
    ]),
    'pod kv-1: Unschedulable: 0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims',
  );
  assert.equal(
    workloadWait([{ ...unscheduled('kv-0'), metadata: { name: 'kv-0', deletionTimestamp: '2026-11-30T00:00:00Z' } }]),
    undefined,
  );
  assert.equal(workloadWait([]), undefined);
});

test('the Progressing message says why a waiting child waits', () => {
  const conditions = planConditions(
    {
      included: ['peer', 'statefulset'],
      ready: new Set(['peer']),
      why: new Map([['statefulset', 'pod kv-0: Unschedulable: 0/3 nodes are available']]),
    },
    [],
  );
  const progressing = conditions.find((c) => c.type === 'Progressing');
  assert.deepEqual(progressing, {
    type: 'Progressing',
    status: 'True',
    reason: 'WaitingForResources',
    message: '1 of 2 resources ready: waiting for statefulset (pod kv-0: Unschedulable: 0/3 nodes are available)',
  });
});

test("the table the export's Go port runs too (pod_waits_test.go): the same words, case for case", () => {
  for (const c of POD_WAIT_CASES) assert.equal(podWaitReason(c.pod), c.want, c.name);
  for (const c of WORKLOAD_WAIT_CASES) assert.equal(workloadWait(c.pods) ?? null, c.want, c.name);
  const { included, ready, why, want } = PROGRESSING_WAIT_CASE;
  const conditions = planConditions(
    { included: [...included], ready: new Set<string>(ready), why: new Map(Object.entries(why)) },
    [],
  );
  assert.equal(conditions.find((c) => c.type === 'Progressing')?.message, want);
});
