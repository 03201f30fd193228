// The custom resource's status from a plan and what applying it met: the plan's status fields
// (nested by their dotted path) and its conditions, set with apimachinery's rules (a condition's
// lastTransitionTime moves only when its status does), Degraded overridden when a child is
// controlled by another owner (AlreadyOwned), exists without being ours (AlreadyExists), or an
// apply failed (ApplyFailed).
import { setStatusCondition } from '../operand/conditions';
import { setPath } from '../operand/from-design';
import type { Condition } from '../operand/types';
import type { PlanCondition } from './conditions';
import type { OwnershipConflict } from './ownership';
import type { Plan } from './plan';

export interface GraphStatusInput {
  readonly before: readonly Condition[];
  readonly plan: Pick<Plan, 'conditions' | 'status'>;
  /** Children left untouched: another controller owns them, or they exist and are not ours to adopt. */
  readonly conflicts?: readonly OwnershipConflict[];
  /** The first failed apply or delete, in words. */
  readonly applyError?: string;
  readonly generation?: number;
  readonly now: Date;
}

export interface GraphStatus {
  /** The same array as `before` when nothing changed. */
  readonly conditions: readonly Condition[];
  /** The plan's status values, nested: `{ url: 'http://…' }`. */
  readonly fields: Record<string, unknown>;
}

export function graphStatus(input: GraphStatusInput): GraphStatus {
  let conditions = input.before;
  for (const c of input.plan.conditions)
    conditions = setStatusCondition(
      conditions,
      { ...degradedOverride(c, input), observedGeneration: input.generation },
      input.now,
    );
  const fields: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(input.plan.status)) setPath(fields, path.split('.'), value);
  return { conditions, fields };
}

function degradedOverride(c: PlanCondition, input: GraphStatusInput): PlanCondition {
  if (c.type !== 'Degraded') return c;
  if (input.applyError !== undefined)
    return { type: 'Degraded', status: 'True', reason: 'ApplyFailed', message: input.applyError };
  const conflicts = input.conflicts ?? [];
  if (conflicts.length > 0)
    return {
      type: 'Degraded',
      status: 'True',
      reason: conflicts[0]!.reason,
      message: conflicts.map((x) => x.message).join('; '),
    };
  return c;
}
