// Whether a custom resource in a rollout's step is healthy at the new revision (docs/design/0055):
// its last reconcile ran that revision and succeeded, and each workload child finished rolling out
// as `kubectl rollout status` judges it (a Deployment's readyWhen can stay true on its old pods while
// the new ones never start, so readiness alone would pass a bad image). A pod that cannot start
// (an image that cannot be pulled, a crash loop) fails the resource at once instead of at the bound.
import { workloadWait, type PodStatusLike } from '../graph/pod-waits';
import type { MemberHealth } from './rollout';

/** Waiting reasons no amount of waiting fixes: the rollout pauses on the first. */
export const HOPELESS_WAITS: readonly string[] = [
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'ErrImageNeverPull',
  'CrashLoopBackOff',
  'CreateContainerConfigError',
  'CreateContainerError',
];

interface WorkloadLike {
  readonly kind?: string;
  readonly metadata?: { readonly name?: string; readonly generation?: number };
  readonly spec?: { readonly replicas?: number };
  readonly status?: Readonly<Record<string, unknown>>;
}

/** Why a workload has not finished rolling out (kubectl's words, shortened), or undefined when it has. */
export function workloadRolloutWait(w: WorkloadLike): string | undefined {
  const s = (w.status ?? {}) as Record<string, number | string | undefined>;
  const num = (k: string) => (typeof s[k] === 'number' ? s[k] : 0);
  if ((w.metadata?.generation ?? 0) > num('observedGeneration')) return 'its new spec is not observed yet';
  const want = w.spec?.replicas ?? 1;
  switch (w.kind) {
    case 'Deployment':
      if (num('updatedReplicas') < want) return `${num('updatedReplicas')} of ${want} new replicas updated`;
      if (num('replicas') > num('updatedReplicas'))
        return `${num('replicas') - num('updatedReplicas')} old replicas are pending termination`;
      if (num('availableReplicas') < num('updatedReplicas'))
        return `${num('availableReplicas')} of ${num('updatedReplicas')} updated replicas are available`;
      return undefined;
    case 'StatefulSet':
      if (
        s['updateRevision'] !== undefined &&
        s['updateRevision'] !== s['currentRevision'] &&
        num('updatedReplicas') < want
      )
        return `${num('updatedReplicas')} of ${want} pods updated`;
      if (num('readyReplicas') < want) return `${num('readyReplicas')} of ${want} pods ready`;
      return undefined;
    case 'DaemonSet':
      if (num('updatedNumberScheduled') < num('desiredNumberScheduled'))
        return `${num('updatedNumberScheduled')} of ${num('desiredNumberScheduled')} new pods updated`;
      if (num('numberAvailable') < num('desiredNumberScheduled'))
        return `${num('numberAvailable')} of ${num('desiredNumberScheduled')} updated pods are available`;
      return undefined;
    default:
      return undefined;
  }
}

export interface MemberObservation {
  /** the revision the rollout moves it to */
  readonly to: number;
  /** its last reconcile: the revision it ran and its error, if it failed */
  readonly lastRun?: { readonly version: number; readonly error?: string | undefined } | undefined;
  /** the CR's Ready condition, when it has one */
  readonly ready?: { readonly status: string; readonly message?: string | undefined } | undefined;
  /** its workload children (Deployment, StatefulSet, DaemonSet) with their pods */
  readonly workloads: readonly { readonly object: WorkloadLike; readonly pods: readonly PodStatusLike[] }[];
}

export function memberHealth(o: MemberObservation): MemberHealth {
  if (o.lastRun === undefined || o.lastRun.version !== o.to)
    return { state: 'waiting', why: `not reconciled at revision ${o.to} yet` };
  if (o.lastRun.error !== undefined) return { state: 'failed', why: `reconcile failed: ${o.lastRun.error}` };
  for (const { object, pods } of o.workloads) {
    const waits = workloadRolloutWait(object);
    if (waits === undefined) continue;
    const what = `${object.kind ?? 'workload'} ${object.metadata?.name ?? ''}`;
    const pod = workloadWait(pods);
    if (pod !== undefined && HOPELESS_WAITS.some((r) => pod.includes(`: ${r}`)))
      return { state: 'failed', why: `${what}: ${pod}` };
    return { state: 'waiting', why: `${what}: ${waits}${pod !== undefined ? ` (${pod})` : ''}` };
  }
  if (o.ready !== undefined && o.ready.status !== 'True')
    return { state: 'waiting', why: `not Ready: ${o.ready.message ?? ''}` };
  return { state: 'healthy' };
}
