// What `opstudio history` prints for each reconcile run: one line per run (fixed widths, so the
// lines `--watch` adds later line up with the first ones), an indented line for an error. The
// words are the web timeline's (shared/timeline/run-text).
import { durationText, triggerSummary } from '@opstudio/shared/timeline/run-text';
import type { TimelineRun } from '../history/types';

const WIDTHS = [19, 9, 18] as const;

export const HISTORY_HEADER = ['TIME (UTC)', 'DURATION', 'OUTCOME', 'TRIGGERS  →  ACTIONS'];

const pad = (cells: readonly string[]): string =>
  cells
    .map((c, i) => (i < WIDTHS.length ? c.padEnd(WIDTHS[i]!) : c))
    .join('  ')
    .trimEnd();

export function historyHeader(): string {
  return `${pad(HISTORY_HEADER)}\n`;
}

export function runLine(run: TimelineRun): string {
  const outcome =
    run.outcome === 'requeue'
      ? run.requeueAfterMs === null
        ? 'requeue'
        : `requeue ${durationText(run.requeueAfterMs)}`
      : run.outcome;
  const actions = run.actions.length === 0 ? 'no changes' : run.actions.map((a) => a.summary).join('; ');
  const line = pad([
    run.startedAt.replace('T', ' ').slice(0, 19),
    durationText(run.durationMs),
    outcome,
    `${triggerSummary(run.triggers).join(', ') || 'unknown'}  →  ${actions}`,
  ]);
  return `${line}\n${run.outcome === 'error' ? `${' '.repeat(WIDTHS[0] + 2)}error: ${run.errorMessage ?? 'unknown'}\n` : ''}`;
}
