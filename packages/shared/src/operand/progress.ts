/**
 * Where the operand stands, from the owned Deployment's own status, as the conditions the CR
 * reports. Pure, so the reconciler's status phase is one call and the table tests cover it.
 *   all replicas ready for the current spec → Available=True (Reconciling, kubebuilder's message)
 *   otherwise                              → Available=False (Resizing, "Waiting for 2/5 …")
 * A Degraded condition from an earlier failure is cleared (False) once the operand is healthy;
 * one that never existed is not added (kubebuilder only sets Degraded while finalizing).
 */
import {
  CONDITION_DEGRADED,
  findCondition,
  markAvailable,
  markNotDegraded,
  markUnavailable,
  REASONS,
} from './conditions';
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

export function progressConditions(
  conditions: readonly Condition[],
  crName: string,
  progress: Progress,
  generation: number | undefined,
  now?: Date,
): readonly Condition[] {
  if (!progress.ready) {
    return markUnavailable(
      conditions,
      REASONS.resizing,
      `Waiting for ${progress.readyReplicas}/${progress.wanted} replicas of Deployment ${crName} to be ready`,
      generation,
      now,
    );
  }
  const available = markAvailable(
    conditions,
    `Deployment for custom resource (${crName}) with ${progress.wanted} replicas created successfully`,
    generation,
    now,
  );
  return findCondition(available, CONDITION_DEGRADED) === undefined
    ? available
    : markNotDegraded(available, `Deployment for custom resource (${crName}) is healthy`, generation, now);
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
