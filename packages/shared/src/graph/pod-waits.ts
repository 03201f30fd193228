// Why a pod is not running, from its status alone: the Pods panel shows it under the pod's row
// (docs/design/0047) and the custom resource's Progressing message names it for a workload child
// that is not ready yet (issue 30, point 2). One function for both.

import type { ResourceGraph } from './model';

/** The child kinds whose pods say why they wait (a CronJob's Jobs are not its children). */
export const WAITING_WORKLOAD_KINDS: ReadonlySet<string> = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job']);

/**
 * Whether a graph's controller says why its workload children's pods wait (the image form's
 * profile reports its pods another way): it reads Pods, and a Deployment's ReplicaSets.
 */
export function waitsOnPods(graph: Pick<ResourceGraph, 'profile' | 'resources'>): boolean {
  return graph.profile === undefined && graph.resources.some((r) => WAITING_WORKLOAD_KINDS.has(r.template.kind));
}

/** The parts of a Pod this reads (client-node's V1Pod and plain JSON both fit). */
export interface PodStatusLike {
  readonly metadata?: { readonly name?: string; readonly deletionTimestamp?: unknown };
  readonly status?: {
    readonly phase?: string;
    readonly conditions?: readonly {
      readonly type?: string;
      readonly status?: string;
      readonly reason?: string;
      readonly message?: string;
    }[];
    readonly initContainerStatuses?: readonly ContainerStatusLike[];
    readonly containerStatuses?: readonly ContainerStatusLike[];
  };
}

interface ContainerStatusLike {
  readonly state?: { readonly waiting?: { readonly reason?: string; readonly message?: string } };
}

/**
 * When Pending and not scheduled, the scheduler's reason and message (`Unschedulable: 0/3 nodes
 * are available: pod has unbound immediate PersistentVolumeClaims`); else the first waiting
 * container's (init containers first: `ImagePullBackOff: …`, `CrashLoopBackOff: …`); null when
 * there is none (ContainerCreating and PodInitializing are the normal way to Running).
 */
export function podWaitReason(pod: PodStatusLike): string | null {
  const joined = (reason: string | undefined, message: string | undefined) =>
    [reason, message].filter((s) => s !== undefined && s !== '').join(': ') || null;
  if ((pod.status?.phase ?? 'Pending') === 'Pending') {
    const scheduled = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
    if (scheduled?.status === 'False') return joined(scheduled.reason ?? 'Unschedulable', scheduled.message);
  }
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  const waiting = statuses.find((c) => c.state?.waiting?.reason !== undefined && c.state.waiting.reason !== '');
  const w = waiting?.state?.waiting;
  if (w !== undefined && w.reason !== 'ContainerCreating' && w.reason !== 'PodInitializing')
    return joined(w.reason, w.message);
  return null;
}

/**
 * For the Progressing message: the first pod (by name) of a workload child that waits, and why,
 * as `pod kv-0: Unschedulable: …`; undefined when none of its pods says why.
 */
export function workloadWait(pods: readonly PodStatusLike[]): string | undefined {
  const named = pods
    .filter((p) => p.metadata?.deletionTimestamp === undefined || p.metadata.deletionTimestamp === null)
    .map((p) => ({ name: p.metadata?.name ?? '', why: podWaitReason(p) }))
    .filter((p): p is { name: string; why: string } => p.why !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
  const first = named[0];
  return first === undefined ? undefined : `pod ${first.name}: ${first.why}`;
}
