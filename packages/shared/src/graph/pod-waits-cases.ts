// The cases both implementations of why a pod waits run: graph/pod-waits.test.ts with the
// studio's podWaitReason and workloadWait, and the export's internal/graph/pod_waits_test.go
// (go-graph-pod-waits.ts writes them as testdata/pod_waits.json) with its Go port. One table,
// so the embedded controller and the exported one say the same words (issue 30).
import type { PodStatusLike } from './pod-waits';

/** One pod and why it waits (null: it does not say). */
export interface PodWaitCase {
  readonly name: string;
  readonly pod: PodStatusLike;
  readonly want: string | null;
}

/** A workload's pods and what its Progressing message adds (null: nothing). */
export interface WorkloadWaitCase {
  readonly name: string;
  readonly pods: readonly PodStatusLike[];
  readonly want: string | null;
}

const UNBOUND = '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims';

const unscheduled = (name: string): PodStatusLike => ({
  metadata: { name },
  status: {
    phase: 'Pending',
    conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: UNBOUND }],
  },
});

const waitingIn = (reason: string, message?: string) => ({
  state: { waiting: { reason, ...(message !== undefined ? { message } : {}) } },
});

export const POD_WAIT_CASES: readonly PodWaitCase[] = [
  {
    name: "unscheduled: the scheduler's reason and message",
    pod: unscheduled('kv-0'),
    want: `Unschedulable: ${UNBOUND}`,
  },
  {
    name: 'unscheduled without a reason: Unschedulable',
    pod: { status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', message: 'no nodes' }] } },
    want: 'Unschedulable: no nodes',
  },
  {
    name: 'unscheduled without a message: the reason alone',
    pod: {
      status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulerError' }] },
    },
    want: 'SchedulerError',
  },
  {
    name: 'no phase is Pending',
    pod: { status: { conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: 'x' }] } },
    want: 'Unschedulable: x',
  },
  {
    name: 'a running pod is not unscheduled, whatever its conditions say',
    pod: {
      status: { phase: 'Running', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] },
    },
    want: null,
  },
  {
    name: 'an image that does not pull',
    pod: {
      status: {
        phase: 'Pending',
        conditions: [{ type: 'PodScheduled', status: 'True' }],
        containerStatuses: [waitingIn('ImagePullBackOff', 'Back-off pulling image "x:9"')],
      },
    },
    want: 'ImagePullBackOff: Back-off pulling image "x:9"',
  },
  {
    name: 'init containers first',
    pod: {
      status: {
        phase: 'Pending',
        initContainerStatuses: [waitingIn('ErrImagePull', 'init image')],
        containerStatuses: [waitingIn('ImagePullBackOff', 'main image')],
      },
    },
    want: 'ErrImagePull: init image',
  },
  {
    name: 'a running pod whose container crash-loops',
    pod: {
      status: {
        phase: 'Running',
        containerStatuses: [{ state: {} }, waitingIn('CrashLoopBackOff', 'back-off 5m0s restarting')],
      },
    },
    want: 'CrashLoopBackOff: back-off 5m0s restarting',
  },
  {
    name: 'a waiting reason without a message',
    pod: { status: { phase: 'Running', containerStatuses: [waitingIn('CreateContainerConfigError')] } },
    want: 'CreateContainerConfigError',
  },
  {
    name: 'ContainerCreating is the normal way to Running',
    pod: { status: { phase: 'Pending', containerStatuses: [waitingIn('ContainerCreating')] } },
    want: null,
  },
  {
    name: 'PodInitializing is the normal way to Running, and hides what follows',
    pod: {
      status: {
        phase: 'Pending',
        initContainerStatuses: [waitingIn('PodInitializing')],
        containerStatuses: [waitingIn('ImagePullBackOff', 'later')],
      },
    },
    want: null,
  },
  {
    name: 'a waiting state without a reason is skipped',
    pod: {
      status: { phase: 'Pending', containerStatuses: [{ state: { waiting: {} } }, waitingIn('ErrImagePull', 'y')] },
    },
    want: 'ErrImagePull: y',
  },
  { name: 'a running pod', pod: { status: { phase: 'Running' } }, want: null },
  { name: 'no status at all', pod: {}, want: null },
];

export const WORKLOAD_WAIT_CASES: readonly WorkloadWaitCase[] = [
  {
    name: 'the first waiting pod by name',
    pods: [unscheduled('kv-2'), { metadata: { name: 'kv-0' }, status: { phase: 'Running' } }, unscheduled('kv-1')],
    want: `pod kv-1: Unschedulable: ${UNBOUND}`,
  },
  {
    name: 'names in byte order (a dash before a dot before a digit)',
    pods: [unscheduled('web0'), unscheduled('web.0'), unscheduled('web-10'), unscheduled('web1')],
    want: `pod web-10: Unschedulable: ${UNBOUND}`,
  },
  {
    name: 'a pod being deleted does not count',
    pods: [{ ...unscheduled('kv-0'), metadata: { name: 'kv-0', deletionTimestamp: '2026-11-30T00:00:00Z' } }],
    want: null,
  },
  { name: 'no pods', pods: [], want: null },
  { name: 'no pod waits', pods: [{ metadata: { name: 'a' }, status: { phase: 'Running' } }], want: null },
];

/** The Progressing message of a plan with waiting children, one of which says why. */
export const PROGRESSING_WAIT_CASE = {
  included: ['peer', 'statefulset', 'backup'],
  ready: ['peer'],
  why: { statefulset: `pod kv-0: Unschedulable: ${UNBOUND}` },
  want: `1 of 3 resources ready: waiting for statefulset (pod kv-0: Unschedulable: ${UNBOUND}), backup`,
} as const;
