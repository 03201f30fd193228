// The leader's rollout runner (docs/design/0055-revisions-and-rollouts.md): every second while a
// rollout moves (every 5 s otherwise) it reads the cluster's rollouts, hands each running kind its rollout's assignment (enqueueing the
// resources whose revision that changes, so they reconcile with it now), and for a rollout under
// way asks shared's advanceRollout for the next state from the kind's resources and their health
// (memberHealth over the cache: the last run's revision and error, the workloads' rollout, their
// pods), storing it only if no one changed the row meanwhile. Reads through the operator's cache;
// it writes nothing to the cluster (the reconciles that follow write as the design's identity).
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubernetesObject } from '@kubernetes/client-node';
import { memberHealth } from '@opstudio/shared/rollout/member-health';
import { REVISION_ANNOTATION, type RolloutAssignment } from '@opstudio/shared/rollout/revision';
import {
  advanceRollout,
  rolloutActive,
  type MemberHealth,
  type RolloutMember,
  type RolloutState,
} from '@opstudio/shared/rollout/rollout';
import type { StudioDb } from '../db';
import { objectKey } from '../runtime/triggers';
import type { GraphOperator } from './graph-operator';
import type { KindRevisions } from './revisions';
import { advanceStored, kindRollouts, type KindRolloutView } from './rollout-store';

/** A kind the manager runs: its revisions, and its operator while this replica holds the kind. */
export interface RunningKind {
  readonly revisions: KindRevisions;
  operator(): GraphOperator | undefined;
}

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);

export class RolloutRunner {
  constructor(
    private readonly opts: {
      readonly db: StudioDb;
      readonly clusterId: string;
      readonly kinds: () => ReadonlyMap<string, RunningKind>;
      /** how often it looks while a rollout moves (default 1 s) */
      readonly pollMs?: number;
      /** how often it looks while none does (default 5 s): a started rollout or a Rollback is seen within it */
      readonly idleMs?: number;
      readonly now?: () => Date;
      readonly log?: (message: string, fields?: Record<string, unknown>) => void;
    },
  ) {}

  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const moving = await this.tick().catch((err: unknown) => {
        this.opts.log?.('Rollout step failed', { error: String(err) });
        return true;
      });
      const wait = moving ? (this.opts.pollMs ?? 1_000) : (this.opts.idleMs ?? 5_000);
      await sleep(wait, undefined, { signal }).catch(() => undefined);
    }
  }

  /** One look at the cluster's rollouts; whether one of them is still moving (canary or rest). */
  async tick(): Promise<boolean> {
    let moving = false;
    const rows = await kindRollouts(this.opts.db, this.opts.clusterId);
    for (const [crdName, kind] of this.opts.kinds()) {
      const row = rows.find((r) => r.crdName === crdName);
      const state = rolloutOf(row, kind.revisions);
      this.assign(kind, state);
      const operator = kind.operator();
      if (state === undefined || row === undefined || operator === undefined) continue;
      if (state.phase !== 'canary' && state.phase !== 'rest') continue;
      moving = true;
      const next = advanceRollout(
        state,
        members(operator),
        (key) => health(operator, kind.revisions, key, state.to),
        this.now(),
      );
      if (next === state) continue;
      if (!(await advanceStored(this.opts.db, this.opts.clusterId, row, next))) continue;
      this.log(row, next);
      this.assign(kind, next);
    }
    return moving;
  }

  private now(): Date {
    return (this.opts.now ?? (() => new Date()))();
  }

  private assign(kind: RunningKind, state: RolloutState | undefined): void {
    const changed = kind.revisions.setRollout(assignmentOf(state));
    const operator = kind.operator();
    for (const key of changed) operator?.controller.enqueue(key, { kind: 'resync' });
  }

  private log(row: KindRolloutView, next: RolloutState): void {
    if (next.phase === row.state.phase && next.step.length === row.state.step.length) return;
    this.opts.log?.('Rollout step', {
      crd: row.crdName,
      phase: next.phase,
      to: next.to,
      assigned: next.assigned.length,
      ...(next.failure !== undefined ? { failure: `${next.failure.key}: ${next.failure.reason}` } : {}),
    });
  }
}

/**
 * The kind's rollout, if it applies to the revisions running: same design, and from the kind's
 * current revision (a rollout from a revision since replaced by an install or a Finish assigns nothing).
 */
export function rolloutOf(row: KindRolloutView | undefined | null, revisions: KindRevisions): RolloutState | undefined {
  if (row === undefined || row === null || row.designId !== revisions.designId) return undefined;
  return row.state.from === revisions.current.version ? row.state : undefined;
}

/** What a rollout assigns: its resources moved so far, while it is not rolled back. */
export function assignmentOf(state: RolloutState | undefined): RolloutAssignment | undefined {
  return state !== undefined && rolloutActive(state) ? { to: state.to, assigned: new Set(state.assigned) } : undefined;
}

function members(operator: GraphOperator): RolloutMember[] {
  return operator.resources().map((cr) => {
    const { name, namespace, labels, annotations } = cr.metadata as {
      name: string;
      namespace?: string;
      labels?: Record<string, string>;
      annotations?: Record<string, string>;
    };
    return {
      key: objectKey({ namespace, name }),
      ...(labels !== undefined ? { labels } : {}),
      pinned: annotations?.[REVISION_ANNOTATION] !== undefined,
    };
  });
}

/** A resource's health at revision `to`, from the cache and its last run. */
function health(operator: GraphOperator, revisions: KindRevisions, key: string, to: number): MemberHealth {
  const seen = operator.observe(key);
  if (seen === undefined) return { state: 'waiting', why: 'not in the cache' };
  if (!seen.settled) return { state: 'waiting', why: 'its last writes are not in the cache yet' };
  const workloads = seen.children
    .filter((c) => WORKLOADS.has(c.kind ?? ''))
    .map((object) => ({
      object,
      pods: seen.pods(object.metadata?.namespace ?? '', selectorOf(object)),
    }));
  const ready = seen.cr.status?.conditions?.find((c) => c.type === 'Ready');
  return memberHealth({
    to,
    lastRun: revisions.lastRun(key),
    ...(ready !== undefined ? { ready: { status: ready.status, message: ready.message } } : {}),
    workloads,
  });
}

const selectorOf = (o: KubernetesObject): Record<string, string> =>
  (o as { spec?: { selector?: { matchLabels?: Record<string, string> } } }).spec?.selector?.matchLabels ?? {};
