// The custom resource's conditions, from what the plan found: Ready and Available when every
// included child is ready (its readyWhen holds, or it is observed), Progressing while some are
// not, Degraded when an expression failed. Messages say what this design did, by child id; a
// child that waits for an external reference that does not exist names it (reason
// WaitingForExternal). The design's own conditions (custom-conditions.ts) follow these four.
export const CONDITION_TYPES = ['Ready', 'Available', 'Progressing', 'Degraded'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export interface PlanCondition {
  /** one of CONDITION_TYPES, or a type the design declares */
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
}

export interface PlanError {
  path: string;
  message: string;
  /** the conditions' reason when this error is the first (default EvaluationFailed) */
  reason?: string;
}

export interface Readiness {
  /** ids of the children that should exist (not excluded by includeWhen), in plan order */
  included: readonly string[];
  ready: ReadonlySet<string>;
  /** external references some waiting child reads that do not exist, described (`ConfigMap default/x`) */
  missing?: readonly string[];
  /** why a waiting workload child waits, by child id: `pod kv-0: Unschedulable: …` (pod-waits.ts) */
  why?: ReadonlyMap<string, string>;
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
          reason: firstError.reason ?? 'EvaluationFailed',
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
  const missing = r.missing ?? [];
  const absent = missing.length > 0 ? `; ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist` : '';
  const named = waiting.map((id) => {
    const why = r.why?.get(id);
    return why === undefined ? id : `${id} (${why})`;
  });
  const message =
    waiting.length > 0 ? `${count}: waiting for ${named.join(', ')}${absent}` : `${count}; ${degraded.message}`;
  const waitReason = missing.length > 0 ? 'WaitingForExternal' : 'WaitingForResources';
  const reason = failed ? degraded.reason : waitReason;
  return [
    { type: 'Ready', status: 'False', reason, message },
    { type: 'Available', status: 'False', reason, message },
    failed
      ? { type: 'Progressing', status: 'False', reason, message: degraded.message }
      : { type: 'Progressing', status: 'True', reason: waitReason, message },
    degraded,
  ];
}

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
