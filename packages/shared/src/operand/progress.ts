/**
 * Where the image form's Deployment stands, from its own status (all replicas ready for the
 * current spec, or not: graph/deploy-image-profile.ts turns it into the conditions), and the
 * condition changes between two writes, for the history and for Events.
 */
import type { Condition } from './types';

export interface ObservedDeployment {
  readonly metadata?: { readonly generation?: number };
  readonly spec?: { readonly replicas?: number };
  readonly status?: {
    readonly observedGeneration?: number;
    readonly replicas?: number;
    readonly readyReplicas?: number;
    readonly updatedReplicas?: number;
  };
}

export interface Progress {
  readonly ready: boolean;
  readonly readyReplicas: number;
  readonly wanted: number;
}

export function deploymentProgress(dep: ObservedDeployment | undefined, wanted: number): Progress {
  const s = dep?.status ?? {};
  const readyReplicas = s.readyReplicas ?? 0;
  const current = (s.observedGeneration ?? 0) >= (dep?.metadata?.generation ?? 1);
  const ready =
    dep !== undefined &&
    current &&
    (dep.spec?.replicas ?? 1) === wanted &&
    readyReplicas === wanted &&
    (s.replicas ?? 0) === wanted &&
    (s.updatedReplicas ?? 0) === wanted;
  return { ready, readyReplicas, wanted };
}

export interface ConditionTransition {
  readonly type: string;
  readonly from: Condition['status'] | null;
  readonly to: Condition['status'] | null;
  readonly reason: string;
  readonly message: string;
}

/** Status or reason changes between two condition lists (for the history and for Events). */
export function conditionTransitions(before: readonly Condition[], after: readonly Condition[]): ConditionTransition[] {
  const out: ConditionTransition[] = [];
  for (const next of after) {
    const prev = before.find((c) => c.type === next.type);
    if (prev === undefined || prev.status !== next.status || prev.reason !== next.reason) {
      out.push({
        type: next.type,
        from: prev?.status ?? null,
        to: next.status,
        reason: next.reason,
        message: next.message,
      });
    }
  }
  for (const prev of before) {
    if (!after.some((c) => c.type === prev.type))
      out.push({ type: prev.type, from: prev.status, to: null, reason: prev.reason, message: prev.message });
  }
  return out;
}
