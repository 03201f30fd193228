// A rollout moves a kind's custom resources from one revision to another in steps (docs/design/0055):
// a canary (the first N by namespace/name, or those a label selector picks), then the rest in
// batches, each step waiting until every resource in it is healthy at the new revision. It pauses
// on the first resource whose reconcile failed, whose pods cannot start (an image that cannot be
// pulled, a crash loop), or that is not ready within the bound, naming it and why; Rollback moves
// every assigned resource back. Pure: the controller's runner feeds it the resources and their
// health and stores what it returns, so a restarted studio resumes from the stored state.
import { z } from 'zod';
import { LABEL_SELECTOR, selectorMatches } from '../graph/label-selector';

export const ROLLOUT_PHASES = ['canary', 'rest', 'paused', 'complete', 'rolledBack'] as const;
export type RolloutPhase = (typeof ROLLOUT_PHASES)[number];

/** What a user asks for: the revision, the canary (a count or a label selector), the rest's batch and the bound. */
export const ROLLOUT_REQUEST = z.strictObject({
  to: z.number().int().min(1),
  canary: z.union([
    z.strictObject({ count: z.number().int().min(1).max(100_000) }),
    z.strictObject({ selector: LABEL_SELECTOR }),
  ]),
  batch: z.number().int().min(1).max(100_000).default(20),
  readyWithinSeconds: z.number().int().min(1).max(3_600).default(120),
});
export type RolloutRequest = z.output<typeof ROLLOUT_REQUEST>;

export const ROLLOUT_STATE = z.strictObject({
  from: z.number().int().min(1),
  to: z.number().int().min(1),
  canary: ROLLOUT_REQUEST.shape.canary,
  batch: z.number().int().min(1),
  readyWithinSeconds: z.number().int().min(1),
  phase: z.enum(ROLLOUT_PHASES),
  /** every key (`namespace/name`) moved to `to`, in the order moved */
  assigned: z.array(z.string()),
  /** the keys of the step under way (a subset of assigned); empty before the canary is chosen */
  step: z.array(z.string()),
  stepStartedAt: z.string(),
  failure: z.strictObject({ key: z.string(), reason: z.string() }).optional(),
});
export type RolloutState = z.infer<typeof ROLLOUT_STATE>;

/** A custom resource of the kind as the runner sees it. */
export interface RolloutMember {
  readonly key: string;
  readonly labels?: Readonly<Record<string, string>>;
  /** pinned by its annotation: it follows no rollout */
  readonly pinned: boolean;
}

export type MemberHealth =
  | { readonly state: 'healthy' }
  | { readonly state: 'waiting'; readonly why: string }
  | { readonly state: 'failed'; readonly why: string };

export function startRollout(from: number, request: RolloutRequest, now: Date): RolloutState {
  return {
    from,
    to: request.to,
    canary: request.canary,
    batch: request.batch,
    readyWithinSeconds: request.readyWithinSeconds,
    phase: 'canary',
    assigned: [],
    step: [],
    stepStartedAt: now.toISOString(),
  };
}

/** Whether the rollout still moves resources (and so assigns them a revision). */
export const rolloutActive = (s: Pick<RolloutState, 'phase'>): boolean => s.phase !== 'rolledBack';

/** Rollback: every assigned resource returns to the revision it came from; the failure stays to read. */
export function rollbackRollout(s: RolloutState): RolloutState {
  return { ...s, phase: 'rolledBack', assigned: [], step: [] };
}

/** One look at the rollout: choose the canary, or judge the step under way and take the next. */
export function advanceRollout(
  s: RolloutState,
  members: readonly RolloutMember[],
  health: (key: string) => MemberHealth,
  now: Date,
): RolloutState {
  if (s.phase !== 'canary' && s.phase !== 'rest') return s;
  const byKey = new Map(members.map((m) => [m.key, m]));
  const following = [...members].filter((m) => !m.pinned).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (s.step.length === 0 && s.assigned.length === 0) {
    const canary =
      'count' in s.canary
        ? following.slice(0, s.canary.count)
        : following.filter((m) => selectorMatches((s.canary as { selector: never }).selector, m.labels ?? {}));
    if (canary.length === 0)
      return {
        ...s,
        phase: 'paused',
        failure: { key: '', reason: 'the canary selects no resource that follows the kind' },
      };
    return step(s, 'canary', canary, now);
  }
  // a resource deleted (or pinned) meanwhile no longer holds the step up
  const judged = s.step.filter((k) => byKey.get(k)?.pinned === false).map((key) => ({ key, h: health(key) }));
  const failed = judged.find((j) => j.h.state === 'failed');
  if (failed !== undefined && failed.h.state === 'failed')
    return { ...s, phase: 'paused', failure: { key: failed.key, reason: failed.h.why } };
  const waiting = judged.find((j) => j.h.state === 'waiting');
  if (waiting !== undefined && waiting.h.state === 'waiting') {
    const late = now.getTime() - Date.parse(s.stepStartedAt) > s.readyWithinSeconds * 1000;
    if (!late) return s;
    return {
      ...s,
      phase: 'paused',
      failure: { key: waiting.key, reason: `not ready within ${s.readyWithinSeconds}s: ${waiting.h.why}` },
    };
  }
  const moved = new Set(s.assigned);
  const rest = following.filter((m) => !moved.has(m.key));
  if (rest.length === 0) return { ...s, phase: 'complete', step: [] };
  return step(s, 'rest', rest.slice(0, s.batch), now);
}

function step(s: RolloutState, phase: 'canary' | 'rest', next: readonly RolloutMember[], now: Date): RolloutState {
  const keys = next.map((m) => m.key);
  return { ...s, phase, assigned: [...s.assigned, ...keys], step: keys, stepStartedAt: now.toISOString() };
}

/** One line for the kind page and the CLI: where the rollout stands. */
export function rolloutSummary(s: RolloutState, total: number): string {
  const moved = `${s.assigned.length} of ${total} at revision ${s.to}`;
  switch (s.phase) {
    case 'canary':
      return `canary of ${s.step.length} moving to revision ${s.to} (${moved})`;
    case 'rest':
      return `moving the rest to revision ${s.to}: ${moved}`;
    case 'paused':
      return `paused: ${s.failure?.key !== '' ? `${s.failure?.key ?? ''}: ` : ''}${s.failure?.reason ?? ''} (${moved})`;
    case 'complete':
      return `complete: every following resource runs revision ${s.to}`;
    case 'rolledBack':
      return `rolled back to revision ${s.from}`;
  }
}
