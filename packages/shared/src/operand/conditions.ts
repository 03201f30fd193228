/**
 * Status conditions with apimachinery's `meta.SetStatusCondition` rules, as pure functions:
 * a new type is appended; an existing one keeps its place and its `lastTransitionTime` unless
 * its status changes; reason, message and observedGeneration are always brought up to date.
 * Every setter returns the SAME array when nothing changed, so callers can emit an Event only on
 * a real transition (`next !== previous`), and a new array otherwise (inputs are never mutated).
 * Vocabulary from kubebuilder's deploy-image (Memcached): types Available / Degraded, reasons
 * Reconciling / Resizing / Finalizing.
 */
import type { Condition } from './types';

export const CONDITION_DEGRADED = 'Degraded';
export const REASONS = { reconciling: 'Reconciling', resizing: 'Resizing', finalizing: 'Finalizing' } as const;

export type ConditionStatus = Condition['status'];

export interface ConditionInput {
  readonly type: string;
  readonly status: ConditionStatus;
  readonly reason: string;
  readonly message: string;
  readonly observedGeneration?: number;
}

/** metav1.Time: RFC 3339 in whole seconds, UTC. */
export function metaTime(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// The CRD schema of metav1.Condition caps message at 32768 characters; reason must be CamelCase-ish.
const MAX_MESSAGE = 32_768;
const REASON = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;

export function setStatusCondition(
  conditions: readonly Condition[],
  input: ConditionInput,
  now: Date = new Date(),
): readonly Condition[] {
  if (!REASON.test(input.reason) || input.reason.length > 1024) {
    throw new Error(
      `condition reason ${JSON.stringify(input.reason)} is invalid: use a CamelCase word such as "Reconciling"`,
    );
  }
  const message = input.message.length > MAX_MESSAGE ? input.message.slice(0, MAX_MESSAGE) : input.message;
  const index = conditions.findIndex((c) => c.type === input.type);
  const existing = conditions[index];
  if (existing === undefined) {
    return [
      ...conditions,
      {
        type: input.type,
        status: input.status,
        ...withGeneration(input),
        lastTransitionTime: metaTime(now),
        reason: input.reason,
        message,
      },
    ];
  }
  const next: Condition = {
    type: existing.type,
    status: input.status,
    ...withGeneration(input),
    lastTransitionTime: existing.status === input.status ? existing.lastTransitionTime : metaTime(now),
    reason: input.reason,
    message,
  };
  if (
    next.status === existing.status &&
    next.reason === existing.reason &&
    next.message === existing.message &&
    next.observedGeneration === existing.observedGeneration
  ) {
    return conditions;
  }
  return conditions.map((c, i) => (i === index ? next : c));
}

function withGeneration(input: ConditionInput): { observedGeneration?: number } {
  return input.observedGeneration !== undefined ? { observedGeneration: input.observedGeneration } : {};
}

export function findCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

/** Removes a condition type (the same array when it is absent). */
export function removeCondition(conditions: readonly Condition[], type: string): readonly Condition[] {
  return conditions.some((c) => c.type === type) ? conditions.filter((c) => c.type !== type) : conditions;
}

/** Degraded=True (or Unknown while finalizing, as the scaffold does before its cleanup) with a reason. */
export function markDegraded(
  conditions: readonly Condition[],
  reason: string,
  message: string,
  generation?: number,
  now?: Date,
  status: ConditionStatus = 'True',
): readonly Condition[] {
  return setStatusCondition(
    conditions,
    { type: CONDITION_DEGRADED, status, reason, message, observedGeneration: generation },
    now,
  );
}
