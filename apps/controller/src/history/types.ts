// What one reconcile did, as the history stores it and the timeline shows it.
import type { ConditionTransition } from '@opstudio/shared/operand/index';
import type { Trigger } from '../runtime/triggers';

export interface RunAction {
  readonly object: { readonly kind: string; readonly name: string; readonly namespace?: string };
  readonly verb: 'created' | 'updated' | 'finalizer-added' | 'finalizer-removed' | 'status-updated';
  /** A short diff: `Deployment memcached-sample replicas 3→5`. */
  readonly summary: string;
}

/** Filled in by the reconciler during a run; the Controller's onRun hook adds timing and outcome. */
export interface RunReport {
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

/** A stored run, as the timeline topic carries it (ids order runs; the client upserts by id). */
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
