// The parts of a reconcile around the plan, with kubebuilder's deploy-image semantics (the
// Memcached story): the run's report, the status writer (writes only what differs), and the
// deletion / finalizer phase, whose conditions and Deleting Event the pure plan decides
// (finalizingStatus, docs/design/0049).
import {
  conditionTransitions,
  fieldDrift,
  type Condition,
  type ConditionTransition,
  type FieldChange,
} from '@opstudio/shared/operand/index';
import { finalizingStatus } from '@opstudio/shared/graph/reconcile-plan';
import type { ReconcilerReport } from '../history/types';
import { isNotFound } from '../kube/errors';
import type { EventInput, ObjectReference } from '../runtime/recorder';
import { crReference, type CrObject } from './cr-object';
import type { CrRef } from './kube-writes';
import type { ReconcileWriter } from './reconcile-io';

type CrStatus = NonNullable<CrObject['status']>;

export interface CrRun {
  readonly cr: CrObject;
  readonly ref: CrRef;
  readonly regarding: ObjectReference;
  readonly report: ReconcilerReport;
  /** The conditions as the cache holds them (a reconcile waits while the cache lags behind our write). */
  readonly before: readonly Condition[];
  /** Writes `{conditions, ...extras}` when it differs; resolves to the CR's resourceVersion afterwards. */
  writeStatus(conditions: readonly Condition[], extras?: Record<string, unknown>): Promise<string | undefined>;
}

export function beginRun(
  cr: CrObject,
  writes: Pick<ReconcileWriter, 'patchStatus'>,
  design: { designId?: string | undefined; designVersion?: number | undefined },
  /** Applied to every status written (the Memcached form mirrors Available into Ready). */
  finish: (conditions: readonly Condition[]) => readonly Condition[] = (c) => c,
  /** Told the resourceVersion of each status written (the reconciler's expectations). */
  written: (resourceVersion: string | undefined) => void = () => undefined,
): CrRun {
  const { name, namespace } = cr.metadata;
  const ns = namespace !== undefined ? { namespace } : {};
  const report: ReconcilerReport = {
    uid: cr.metadata.uid,
    kind: cr.kind,
    namespace: namespace ?? '',
    name,
    generation: cr.metadata.generation,
    designId: design.designId,
    designVersion: design.designVersion,
    actions: [],
    conditions: [],
  };
  const ref = { name, ...ns };
  const observedStatus: CrStatus = cr.status ?? {};
  const before: readonly Condition[] = observedStatus.conditions ?? [];
  return {
    cr,
    ref,
    regarding: crReference(cr),
    report,
    before,
    async writeStatus(set, extras = {}) {
      const conditions = finish(set);
      const status = { conditions, ...extras };
      report.conditions = conditionTransitions(before, conditions);
      const changes = fieldDrift(status, observedStatus);
      if (changes.length === 0) return cr.metadata.resourceVersion;
      const rv = await writes.patchStatus(ref, status);
      written(rv);
      report.actions.push({
        object: { kind: cr.kind, name, ...ns },
        verb: 'status-updated',
        summary: statusSummary(cr.kind, name, report.conditions, changes),
      });
      return rv;
    },
  };
}

/**
 * Deletion and finalizer, as kubebuilder's scaffold: a CR being deleted gets Degraded/Finalizing,
 * a Deleting Event and loses our finalizer ('finished'); any other CR gets the finalizer if it lacks it ('continue').
 * `cleanup` (the graph's: children the garbage collector will not delete, docs/design/0039) runs
 * first; while it says what it waits for, that is the Finalizing message and the finalizer stays ('waiting').
 */
export async function finalizerPhase(
  run: CrRun,
  finalizer: string,
  writes: Pick<ReconcileWriter, 'setFinalizers'>,
  recordEvent: (e: EventInput) => void,
  now: Date,
  cleanup?: () => Promise<string | undefined>,
): Promise<'finished' | 'continue' | 'waiting'> {
  const { cr, ref, report, before } = run;
  const { name, namespace, generation } = cr.metadata;
  const object = { kind: cr.kind, name, ...(namespace !== undefined ? { namespace } : {}) };
  const finalizers = cr.metadata.finalizers ?? [];
  if (cr.metadata.deletionTimestamp !== undefined) {
    if (!finalizers.includes(finalizer)) return 'finished';
    const waiting = await cleanup?.();
    const finalizing = finalizingStatus({
      before,
      name,
      ...(namespace !== undefined ? { namespace } : {}),
      ...(waiting !== undefined ? { waiting } : {}),
      ...(generation !== undefined ? { generation } : {}),
      now,
    });
    const { conditions } = finalizing;
    for (const e of finalizing.events) recordEvent({ regarding: run.regarding, ...e });
    if (waiting !== undefined) {
      await run.writeStatus(conditions).catch((err: unknown) => {
        if (!isNotFound(err)) throw err;
      });
      return 'waiting';
    }
    try {
      const rv = await run.writeStatus(conditions);
      await writes.setFinalizers(
        ref,
        finalizers.filter((f) => f !== finalizer),
        rv,
      );
    } catch (err) {
      if (isNotFound(err)) return 'finished'; // already gone (a retry after our own removal)
      throw err;
    }
    report.actions.push({
      object,
      verb: 'finalizer-removed',
      summary: `${cr.kind} ${name} finalizer ${finalizer} removed`,
    });
    return 'finished';
  }
  if (!finalizers.includes(finalizer)) {
    // A 409 (the CR changed since the cache saw it) throws: the run ends as an error and retries.
    await writes.setFinalizers(ref, [...finalizers, finalizer], cr.metadata.resourceVersion);
    report.actions.push({
      object,
      verb: 'finalizer-added',
      summary: `${cr.kind} ${name} finalizer ${finalizer} added`,
    });
  }
  return 'continue';
}

/** `WebApp x status Ready=True, url` : the condition changes, then the other fields. */
export function statusSummary(
  kind: string,
  name: string,
  transitions: readonly ConditionTransition[],
  changes: readonly FieldChange[],
): string {
  const fields = [
    ...new Set(changes.map((c) => c.path.split(/[.[]/)[0] ?? '').filter((f) => f !== '' && f !== 'conditions')),
  ];
  const parts = [...transitions.map((t) => `${t.type}=${t.to ?? '∅'}`), ...fields];
  return `${kind} ${name} status ${parts.join(', ') || 'conditions'}`;
}
