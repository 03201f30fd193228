// Words for one reconcile run (the run-level ones are shared with `opstudio history`). Pure, so the
// timeline's wording is tested without a browser.
import type { LiveEvent } from '@opstudio/controller/router';
import { durationText, outcomeText, triggerSummary } from '@opstudio/shared/timeline/run-text';

export type TimelineRun = Extract<LiveEvent, { type: 'run' }>['run'];
export type Trigger = TimelineRun['triggers'][number];

export { durationText, outcomeText, triggerSummary, triggerText } from '@opstudio/shared/timeline/run-text';

export function conditionText(c: TimelineRun['conditions'][number]): string {
  return `${c.type} ${c.from ?? '∅'} → ${c.to ?? '∅'}${c.reason ? ` (${c.reason})` : ''}`;
}

/** Runs newest first, one per id: a live run that the page also got in a snapshot or an older page is kept once. */
export function mergeRuns(a: readonly TimelineRun[], b: readonly TimelineRun[]): TimelineRun[] {
  const byId = new Map<number, TimelineRun>();
  for (const r of a) byId.set(r.id, r);
  for (const r of b) byId.set(r.id, r);
  return [...byId.values()].sort((x, y) => y.id - x.id);
}

/** A time-axis bar's words (its hover title and accessible name): when, outcome, duration, triggers. */
export function runBarText(run: TimelineRun, time: string): string {
  const triggers = triggerSummary(run.triggers).join(' · ') || 'none recorded';
  return `Run ${run.id} at ${time}: ${outcomeText(run)}, ${durationText(run.durationMs)}. Triggers: ${triggers}`;
}

type Action = TimelineRun['actions'][number];

/** A run's actions as the timeline lists them: each on its own, or a collection's together. */
export type ActionItem =
  | { readonly kind: 'one'; readonly action: Action }
  | { readonly kind: 'group'; readonly child: string; readonly summary: string; readonly actions: readonly Action[] };

/**
 * Actions on several objects of one design child (a collection, docs/design/0041) are one item
 * where the first of them was, summed up by verb: `ports (ConfigMap): 2 created, 1 deleted`.
 */
export function groupActions(actions: readonly Action[]): ActionItem[] {
  const byChild = new Map<string, Action[]>();
  for (const a of actions) if (a.child !== undefined) byChild.set(a.child, [...(byChild.get(a.child) ?? []), a]);
  const out: ActionItem[] = [];
  const placed = new Set<string>();
  for (const a of actions) {
    const group = a.child === undefined ? undefined : byChild.get(a.child);
    if (group === undefined || group.length < 2) {
      out.push({ kind: 'one', action: a });
      continue;
    }
    if (placed.has(a.child!)) continue;
    placed.add(a.child!);
    const counts = new Map<string, number>();
    for (const g of group) counts.set(g.verb, (counts.get(g.verb) ?? 0) + 1);
    const kinds = [...new Set(group.map((g) => g.object.kind))].join(', ');
    const verbs = [...counts].map(([verb, n]) => `${n} ${verb}`).join(', ');
    out.push({ kind: 'group', child: a.child!, summary: `${a.child!} (${kinds}): ${verbs}`, actions: group });
  }
  return out;
}
