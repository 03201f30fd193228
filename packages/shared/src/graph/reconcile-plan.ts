// The decisions of one reconcile, without I/O (docs/design/0049): given the plan, what the
// cache holds and what the reconciler read, which children to apply or delete (each with the
// timeline line and the Event it gives once the write succeeds), which to leave untouched
// (another owner's), and after the writes which conditions, status fields and Events to write.
// The controller only loads, runs these, and executes what they return, in order, stopping at
// the first failed write; the Memcached story's words (the deploy-image profile's Events, its
// Deleting and Degraded Warnings) are decided here, once.
import { describeDrift } from '../operand/drift';
import { markDegraded, REASONS } from '../operand/conditions';
import type { Condition } from '../operand/types';
import { childDrift, childEvent, COMPONENT_LABEL, staleChildren, type ChildVerb } from './child-sync';
import { graphStatus, type GraphStatus, type GraphStatusInput } from './cr-status';
import { deployImageEvent } from './deploy-image-profile';
import type { KubeObject, ResourceGraph } from './model';
import { ownershipConflict, type OwnershipConflict } from './ownership';
import type { Plan } from './plan';

/** An Event to record about the custom resource (the executor adds `regarding`, and `related` for a child's). */
export interface PlannedEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly action: string;
  readonly note: string;
}

/** One write on a child: apply the desired object, or delete the observed one. */
export interface ChildAction {
  readonly verb: ChildVerb;
  /** apply: the desired object; delete: the observed one (its uid guards the delete) */
  readonly object: KubeObject;
  /** the timeline's line: `Deployment s replicas 3→5` */
  readonly summary: string;
  /** the object's component label, which the timeline groups a collection by */
  readonly child?: string;
  /** the graph child it is: the plan's id (the image form's `deployment` too); a prune's, its label's */
  readonly id?: string;
  /** recorded once the write succeeds (a delete of an object already gone gives none) */
  readonly event?: PlannedEvent;
}

export interface ChildActionsInput {
  readonly graph: ResourceGraph;
  readonly plan: Plan;
  /** the custom resource's uid */
  readonly uid: string;
  /** each planned object's current state (undefined: none), in `plan.desired`'s order */
  readonly current: readonly (KubeObject | undefined)[];
  /** every object the custom resource controls, as the cache holds them (what pruning looks at) */
  readonly owned: readonly KubeObject[];
}

export interface ChildActions {
  /** applies in dependency order, then deletes */
  readonly actions: ChildAction[];
  /** children left untouched: another controller owns them, or they exist and are not ours to adopt */
  readonly conflicts: OwnershipConflict[];
}

interface Meta {
  readonly name?: string;
  readonly namespace?: string;
  readonly labels?: Record<string, string>;
}
const metaOf = (o: KubeObject): Meta => (o.metadata ?? {}) as Meta;
const isDeleting = (o: KubeObject): boolean => {
  const at = (o.metadata as { deletionTimestamp?: unknown } | undefined)?.deletionTimestamp;
  return at !== undefined && at !== null;
};
const kindOf = (o: KubeObject): string => (typeof o.kind === 'string' ? o.kind : 'Object');

/** The writes on the children: each planned child that drifted, then what the plan no longer wants. */
export function childActions(input: ChildActionsInput): ChildActions {
  const { graph, plan: p, uid } = input;
  const adopts = new Set(graph.resources.filter((r) => r.adopt === true).map((r) => r.id));
  const actions: ChildAction[] = [];
  const conflicts: OwnershipConflict[] = [];
  p.desired.forEach(({ id, object }, i) => {
    const current = input.current[i];
    const conflict = current === undefined ? undefined : ownershipConflict(current, uid, adopts.has(id));
    if (conflict !== undefined) {
      conflicts.push(conflict);
      return;
    }
    const changes = childDrift(object, current);
    if (current !== undefined && changes.length === 0) return;
    const verb = current === undefined ? 'created' : 'updated';
    const kind = kindOf(object);
    const name = metaOf(object).name ?? '';
    const summary = describeDrift(
      kind,
      name,
      current === undefined ? [{ path: '', from: undefined, to: object }] : changes,
    );
    // the image form's Events are kubebuilder's (Created with replicas, Scaled, none for another update)
    const event =
      graph.profile !== undefined
        ? deployImageEvent(verb, name, object, current)
        : childEvent(verb, kind, name, verb === 'updated' ? summary.slice(`${kind} ${name} `.length) : undefined);
    actions.push({ ...childAction(verb, object, summary, event), id });
  });
  // one already being deleted (a finalizer of its own holds it) is not deleted again
  const going = input.owned.filter((o) => !isDeleting(o)) as (KubeObject & { metadata: Meta })[];
  for (const o of staleChildren(graph, p, going)) actions.push(deleteAction(o));
  return { actions, conflicts };
}

/** The delete of an observed child (pruned, or removed by the finalizer) and its Event. */
export function deleteAction(o: KubeObject): ChildAction {
  const kind = kindOf(o);
  const name = metaOf(o).name ?? '';
  return childAction('deleted', o, `${kind} ${name} deleted`, childEvent('deleted', kind, name));
}

function childAction(
  verb: ChildVerb,
  object: KubeObject,
  summary: string,
  event: PlannedEvent | undefined,
): ChildAction {
  const child = metaOf(object).labels?.[COMPONENT_LABEL];
  return {
    verb,
    object,
    summary,
    ...(child !== undefined ? { child, id: child } : {}),
    ...(event !== undefined ? { event } : {}),
  };
}

export interface ReconcileStatus extends Omit<GraphStatus, 'events'> {
  /** a Warning when Degraded becomes True or says something new, then the status's own Events */
  readonly events: readonly PlannedEvent[];
}

/** The status after the writes (graphStatus), and every Event it gives. */
export function reconcileStatus(input: GraphStatusInput): ReconcileStatus {
  const status = graphStatus(input);
  const warning = degradedWarning(input.before, status.conditions);
  return { ...status, events: [...(warning !== undefined ? [warning] : []), ...status.events] };
}

/** A Warning when Degraded becomes True or says something new (an expression failed, a child is owned elsewhere, an apply failed). */
export function degradedWarning(before: readonly Condition[], after: readonly Condition[]): PlannedEvent | undefined {
  const next = after.find((c) => c.type === 'Degraded');
  const prev = before.find((c) => c.type === 'Degraded');
  if (next?.status !== 'True') return undefined;
  if (prev?.status === 'True' && prev.reason === next.reason && prev.message === next.message) return undefined;
  return { type: 'Warning', reason: next.reason, action: 'Reconcile', note: next.message };
}

/**
 * A custom resource being deleted: Degraded/Finalizing with what the finalizer still waits for
 * (or that it is done), and one Deleting Event, however often the message changes.
 */
export function finalizingStatus(input: {
  readonly before: readonly Condition[];
  readonly name: string;
  readonly namespace?: string;
  /** what the cleanup still waits for; undefined once it is done */
  readonly waiting?: string;
  readonly generation?: number;
  readonly now: Date;
}): { conditions: readonly Condition[]; events: PlannedEvent[] } {
  const { before, name } = input;
  const message =
    input.waiting ?? `Finalizer operations for custom resource ${name} name were successfully accomplished`;
  const conditions = markDegraded(before, REASONS.finalizing, message, input.generation, input.now);
  const already = before.some((c) => c.type === 'Degraded' && c.reason === REASONS.finalizing);
  const events: PlannedEvent[] =
    conditions !== before && !already
      ? [
          {
            type: 'Warning',
            reason: 'Deleting',
            action: 'Delete',
            note: `Custom Resource ${name} is being deleted from the namespace ${input.namespace ?? ''}`,
          },
        ]
      : [];
  return { conditions, events };
}
