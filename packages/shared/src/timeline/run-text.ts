// Words for one reconcile run: what woke it, how long it took, what came of it. Shared by the
// web timeline and `opstudio history`, so the terminal reads like the dashboard. Pure; the types
// are the shape of the controller's Trigger/TimelineRun (shared cannot import apps/*).

type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export type RunTrigger =
  | {
      readonly kind: 'watch' | 'owned' | 'external';
      readonly eventType: WatchEventType;
      readonly resourceVersion: string;
      readonly object: { readonly kind: string; readonly name: string };
    }
  | { readonly kind: 'requeue'; readonly afterMs: number }
  | { readonly kind: 'retry'; readonly attempt: number; readonly error: string }
  | { readonly kind: 'resync' };

const eventWord = { ADDED: 'created', MODIFIED: 'changed', DELETED: 'deleted' } as const;

export function triggerText(t: RunTrigger): string {
  switch (t.kind) {
    case 'watch':
      return `${t.object.kind || 'object'} ${eventWord[t.eventType]} (rv ${t.resourceVersion})`;
    case 'owned':
      return `owned ${t.object.kind || 'object'} ${t.object.name} ${eventWord[t.eventType]} (rv ${t.resourceVersion})`;
    case 'external':
      return `read ${t.object.kind || 'object'} ${t.object.name} ${eventWord[t.eventType]} (rv ${t.resourceVersion})`;
    case 'requeue':
      return `requeued after ${durationText(t.afterMs)}`;
    case 'retry':
      return `retry #${t.attempt} after error: ${t.error}`;
    case 'resync':
      return 'resync';
  }
}

/** Collapsed triggers of the same shape are counted: "Deployment changed ×3" reads better than three lines. */
export function triggerSummary(triggers: readonly RunTrigger[]): string[] {
  const counts = new Map<string, number>();
  for (const t of triggers) {
    const key =
      t.kind === 'watch'
        ? `${t.object.kind || 'object'} ${eventWord[t.eventType]}`
        : t.kind === 'owned' || t.kind === 'external'
          ? `${t.kind === 'owned' ? 'owned' : 'read'} ${t.object.kind} ${t.object.name} ${eventWord[t.eventType]}`
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

export function outcomeText(run: {
  readonly outcome: 'success' | 'error' | 'requeue';
  readonly requeueAfterMs: number | null;
  readonly errorMessage: string | null;
}): string {
  switch (run.outcome) {
    case 'success':
      return 'Success';
    case 'requeue':
      return run.requeueAfterMs === null ? 'Requeued' : `Requeue after ${durationText(run.requeueAfterMs)}`;
    case 'error':
      return `Error: ${run.errorMessage ?? 'unknown'}`;
  }
}
