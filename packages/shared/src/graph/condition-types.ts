// The grammar of a condition as metav1.Condition's CRD schema states it (the API server refuses
// a status write that breaks it): the type a qualified CamelCase name, the reason CamelCase, the
// message at most 32768 characters. The built-in types are the controller's own: a design's
// conditions (model.ts CUSTOM_CONDITION) choose others.
import { CONDITION_TYPES } from './conditions';

/** metav1.Condition.Type's pattern: `BackupScheduled`, `example.com/Synced`. */
export const CONDITION_TYPE =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$/;
export const CONDITION_TYPE_MAX = 316;

/** metav1.Condition.Reason's pattern: `Reconciling`, `BackupScheduled`. */
export const CONDITION_REASON = /^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$/;
export const CONDITION_REASON_MAX = 1024;
export const CONDITION_MESSAGE_MAX = 32_768;

export const BUILTIN_CONDITION_TYPES: readonly string[] = CONDITION_TYPES;

/** Why `reason` cannot be a condition's reason, or undefined. */
export function reasonProblem(reason: string): string | undefined {
  if (CONDITION_REASON.test(reason) && reason.length <= CONDITION_REASON_MAX) return undefined;
  return `${JSON.stringify(reason)} is not a condition reason: a reason is CamelCase, letters first, then letters, digits, '_', ',' or ':' (at most ${CONDITION_REASON_MAX}), such as BackupScheduled`;
}
