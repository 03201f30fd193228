// The `Ready` condition every design reports, whatever its operand form: the Memcached form's
// Ready mirrors its Available condition (kubebuilder's deploy-image has no Ready; tools such as
// `kubectl wait --for=condition=Ready` and Argo CD look for it), and a design with no operand
// is Ready at once: its controller only keeps the finalizer and the status.
import { findCondition, setStatusCondition } from './conditions';
import type { Condition } from './types';

export const CONDITION_READY = 'Ready';
export const NO_RESOURCES_MESSAGE =
  'this design creates no resources; the controller only keeps its finalizer and status';

/** Ready with Available's status, reason and message (the same array when Available is absent or Ready already agrees). */
export function mirrorReady(conditions: readonly Condition[], now?: Date): readonly Condition[] {
  const available = findCondition(conditions, 'Available');
  if (available === undefined) return conditions;
  return setStatusCondition(
    conditions,
    {
      type: CONDITION_READY,
      status: available.status,
      reason: available.reason,
      message: available.message,
      ...(available.observedGeneration !== undefined ? { observedGeneration: available.observedGeneration } : {}),
    },
    now,
  );
}
