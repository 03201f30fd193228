// The custom resource's conditions, from what the plan found: Ready and Available when every
// included child is ready (its readyWhen holds, or it is observed), Progressing while some are
// not, Degraded when an expression failed. Messages say what this design did, by child id.
export const CONDITION_TYPES = ['Ready', 'Available', 'Progressing', 'Degraded'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export interface PlanCondition {
  type: ConditionType;
  status: 'True' | 'False';
  reason: string;
  message: string;
}

export interface PlanError {
  path: string;
  message: string;
}

export interface Readiness {
  /** ids of the children that should exist (not excluded by includeWhen), in plan order */
  included: readonly string[];
  ready: ReadonlySet<string>;
}

export function planConditions(r: Readiness, errors: readonly PlanError[]): PlanCondition[] {
  const waiting = r.included.filter((id) => !r.ready.has(id));
  const total = r.included.length;
  const count = `${total - waiting.length} of ${plural(total, 'resource')} ready`;
  const failed = errors.length > 0;
  const firstError = errors[0];
  const degraded: PlanCondition =
    firstError !== undefined
      ? {
          type: 'Degraded',
          status: 'True',
          reason: 'EvaluationFailed',
          message: `${plural(errors.length, 'expression')} failed; ${firstError.path}: ${firstError.message}`,
        }
      : { type: 'Degraded', status: 'False', reason: 'NoErrors', message: 'every expression of the design evaluated' };
  if (waiting.length === 0 && !failed) {
    const message =
      total === 0 ? 'the design creates no resources for this object' : `all ${plural(total, 'resource')} ready`;
    return [
      { type: 'Ready', status: 'True', reason: 'AllResourcesReady', message },
      { type: 'Available', status: 'True', reason: 'AllResourcesReady', message },
      { type: 'Progressing', status: 'False', reason: 'ReconcileComplete', message },
      degraded,
    ];
  }
  const message = waiting.length > 0 ? `${count}: waiting for ${waiting.join(', ')}` : `${count}; ${degraded.message}`;
  const reason = failed ? 'EvaluationFailed' : 'WaitingForResources';
  return [
    { type: 'Ready', status: 'False', reason, message },
    { type: 'Available', status: 'False', reason, message },
    failed
      ? { type: 'Progressing', status: 'False', reason, message: degraded.message }
      : { type: 'Progressing', status: 'True', reason: 'WaitingForResources', message },
    degraded,
  ];
}

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
