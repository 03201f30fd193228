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
