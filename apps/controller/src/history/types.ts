// What one reconcile did, in the names each layer uses:
//   ReconcileAttempt (runtime/controller.ts)  the work-queue's account: key, triggers, timing, Outcome;
//   ReconcilerReport (here)                   what the reconciler did to the CR: actions, conditions;
//   ReconcileRun (prisma/schema.prisma)       the stored row, both of the above in one;
//   TimelineRun (here)                        that row on the wire (timeline topic, history.runs).
import type { ConditionTransition } from '@opstudio/shared/operand/index';
import type { Trigger } from '../runtime/triggers';

export interface RunAction {
  readonly object: { readonly kind: string; readonly name: string; readonly namespace?: string };
  readonly verb: 'created' | 'updated' | 'deleted' | 'finalizer-added' | 'finalizer-removed' | 'status-updated';
  /** A short diff: `Deployment memcached-sample replicas 3→5`. */
  readonly summary: string;
  /** The design's child (resource graph id) the object is, which the timeline groups a collection's objects by. */
  readonly child?: string;
}

/** What the reconciler did to one CR during a reconcile, filled in as it goes; stored with the ReconcileAttempt. */
export interface ReconcilerReport {
  readonly uid: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly generation?: number;
  readonly designId?: string;
  readonly designVersion?: number;
  readonly actions: RunAction[];
  conditions: ConditionTransition[];
}

export type RunOutcome = 'success' | 'error' | 'requeue';

/** A stored ReconcileRun row as the wire carries it: timeline topic and history.runs (ids order runs; the client upserts by id). */
export interface TimelineRun {
  readonly id: number;
  readonly controller: string;
  readonly objectUid: string;
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly generation: number | null;
  readonly designId: string | null;
  readonly designVersion: number | null;
  readonly triggers: readonly Trigger[];
  readonly startedAt: string;
  readonly durationMs: number;
  readonly outcome: RunOutcome;
  readonly requeueAfterMs: number | null;
  readonly errorMessage: string | null;
  readonly actions: readonly RunAction[];
  readonly conditions: readonly ConditionTransition[];
}
