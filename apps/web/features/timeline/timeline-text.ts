// Words for one reconcile run: what woke it, how long it took, what came of it. Pure, so the
// timeline's wording is tested without a browser.
import type { LiveEvent } from '@opstudio/controller/router';

export type TimelineRun = Extract<LiveEvent, { type: 'run' }>['run'];
export type Trigger = TimelineRun['triggers'][number];

const eventWord = { ADDED: 'created', MODIFIED: 'changed', DELETED: 'deleted' } as const;

export function triggerText(t: Trigger): string {
  switch (t.kind) {
    case 'watch':
      return `${t.object.kind || 'object'} ${eventWord[t.eventType]} (rv ${t.resourceVersion})`;
    case 'owned':
      return `owned ${t.object.kind || 'object'} ${t.object.name} ${eventWord[t.eventType]} (rv ${t.resourceVersion})`;
    case 'requeue':
      return `requeued after ${durationText(t.afterMs)}`;
    case 'retry':
      return `retry #${t.attempt} after error: ${t.error}`;
    case 'resync':
      return 'resync';
  }
}

/** Collapsed triggers of the same shape are counted: "Deployment changed ×3" reads better than three lines. */
export function triggerSummary(triggers: readonly Trigger[]): string[] {
  const counts = new Map<string, number>();
  for (const t of triggers) {
    const key =
      t.kind === 'watch' || t.kind === 'owned'
        ? `${t.kind === 'owned' ? `owned ${t.object.kind} ${t.object.name}` : t.object.kind || 'object'} ${eventWord[t.eventType]}`
        : triggerText(t);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([text, n]) => (n > 1 ? `${text} ×${n}` : text));
}

export function durationText(ms: number): string {
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function outcomeText(run: Pick<TimelineRun, 'outcome' | 'requeueAfterMs' | 'errorMessage'>): string {
  switch (run.outcome) {
    case 'success':
      return 'Success';
    case 'requeue':
      return run.requeueAfterMs === null ? 'Requeued' : `Requeue after ${durationText(run.requeueAfterMs)}`;
    case 'error':
      return `Error: ${run.errorMessage ?? 'unknown'}`;
  }
}

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
