// The custom resource's status from a plan and what applying it met: the plan's status fields
// (nested by their dotted path) and its conditions, set with apimachinery's rules (a condition's
// lastTransitionTime moves only when its status does), Degraded overridden when a child is
// controlled by another owner (AlreadyOwned), exists without being ours (AlreadyExists), or an
// apply failed (ApplyFailed). A design's own condition that changes status to True or False
// gives an Event (Normal for True, Warning for False), as each reconcile writes it.
import { setStatusCondition } from '../operand/conditions';
import { setPath } from '../operand/from-design';
import type { Condition } from '../operand/types';
import { CONDITION_TYPES, type PlanCondition } from './conditions';
import type { OwnershipConflict } from './ownership';
import type { Plan } from './plan';
import { profileStatus } from './deploy-image-profile';

export interface GraphStatusInput {
  readonly before: readonly Condition[];
  readonly plan: Pick<Plan, 'conditions' | 'status'>;
  /** Children left untouched: another controller owns them, or they exist and are not ours to adopt. */
  readonly conflicts?: readonly OwnershipConflict[];
  /** The first failed apply or delete, in words. */
  readonly applyError?: string;
  readonly generation?: number;
  readonly now: Date;
  /** the image form's profile (deploy-image-profile.ts): its rules for Degraded, a failed apply and Ready */
  readonly profile?: { readonly crName: string };
}

export interface GraphStatus {
  /** The same array as `before` when nothing changed. */
  readonly conditions: readonly Condition[];
  /** The plan's status values, nested: `{ url: 'http://…' }`. */
  readonly fields: Record<string, unknown>;
  /** One per design condition whose status became True or False in this write. */
  readonly events: readonly ConditionEvent[];
}

export interface ConditionEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly action: 'Reconcile' | 'Apply';
  /** `BackupScheduled is True: backups run at 0 3 * * *` */
  readonly note: string;
}

const BUILTIN: ReadonlySet<string> = new Set(CONDITION_TYPES);

/** The Events of the design's own conditions that changed status between `before` and `after`. */
export function conditionEvents(before: readonly Condition[], after: readonly Condition[]): ConditionEvent[] {
  const out: ConditionEvent[] = [];
  for (const next of after) {
    if (BUILTIN.has(next.type) || next.status === 'Unknown') continue;
    if (before.find((c) => c.type === next.type)?.status === next.status) continue;
    out.push({
      type: next.status === 'True' ? 'Normal' : 'Warning',
      reason: next.reason,
      action: 'Reconcile',
      note: `${next.type} is ${next.status}: ${next.message}`,
    });
  }
  return out;
}

export function graphStatus(input: GraphStatusInput): GraphStatus {
  const fields: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(input.plan.status)) setPath(fields, path.split('.'), value);
  if (input.profile !== undefined) {
    const { applyError, generation } = input;
    const s = profileStatus({
      before: input.before,
      conditions: input.plan.conditions,
      crName: input.profile.crName,
      conflicts: input.conflicts ?? [],
      ...(applyError !== undefined ? { applyError } : {}),
      ...(generation !== undefined ? { generation } : {}),
      now: input.now,
    });
    return { ...s, fields };
  }
  let conditions = input.before;
  for (const c of input.plan.conditions)
    conditions = setStatusCondition(
      conditions,
      { ...degradedOverride(c, input), observedGeneration: input.generation },
      input.now,
    );
  return { conditions, fields, events: conditionEvents(input.before, conditions) };
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
