'use client';
// The reconcile timeline of one object: every run (time, what triggered it, duration, outcome,
// actions on owned objects, condition changes), newest first, live; older runs page in from the
// database (history.runs) and merge with the live ones by id, so none shows twice or goes missing.
// "List | Time axis" switches to the same runs as bars on a shared time axis (TimeAxisView).
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTRPCClient } from '../../trpc/client';
import { TimeAxisView } from './TimeAxisView';
import styles from './timeline.module.css';
import {
  conditionText,
  durationText,
  groupActions,
  mergeRuns,
  outcomeText,
  triggerSummary,
  triggerText,
} from './timeline-text';
import type { TimelineRun } from './timeline-text';

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
});

export function TimelinePanel({
  uid,
  live,
}: {
  readonly uid: string;
  readonly live: readonly TimelineRun[] | undefined;
}) {
  const client = useTRPCClient();
  const [older, setOlder] = useState<readonly TimelineRun[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [view, setView] = useState<'list' | 'axis'>('list');
  const runs = useMemo(() => mergeRuns(live ?? [], older), [live, older]);
  const page = useMutation({
    mutationFn: (before: number) => client.history.runs.query({ uid, before, limit: 50 }),
  });
  const oldest = runs.at(-1)?.id;
  const loadOlder = () => {
    if (oldest === undefined) return;
    page.mutate(oldest, {
      onSuccess: (res) => {
        setOlder((prev) => mergeRuns(prev, res.runs));
        if (res.nextBefore === null) setExhausted(true);
      },
    });
  };

  return (
    <section className={styles.card} aria-label="Reconcile timeline">
      <div className={styles.titleRow}>
        <h2>Reconcile timeline</h2>
        <div className={styles.views} role="group" aria-label="Timeline view">
          <button type="button" aria-pressed={view === 'list'} onClick={() => setView('list')}>
            List
          </button>
          <button type="button" aria-pressed={view === 'axis'} onClick={() => setView('axis')}>
            Time axis
          </button>
        </div>
      </div>
      {live === undefined && <p className={styles.note}>loading…</p>}
      {live !== undefined && runs.length === 0 && <p className={styles.note}>No reconciles recorded yet.</p>}
      {runs.length > 0 && view === 'axis' && <TimeAxisView runs={runs} format={(ms) => timeFormat.format(ms)} />}
      {runs.length > 0 && view === 'list' && (
        // the list scrolls on its own: focusable, so the keyboard can scroll it (axe: scrollable-region-focusable)
        <ol className={styles.runs} aria-label="Runs" tabIndex={0}>
          {runs.map((run) => (
            <li key={run.id} className={styles.run} data-outcome={run.outcome} aria-label={`Run ${run.id}`}>
              <div className={styles.head}>
                <time dateTime={run.startedAt} title={run.startedAt}>
                  {timeFormat.format(new Date(run.startedAt))}
                </time>
                <span className={`${styles.outcome} ${styles[run.outcome]}`}>{outcomeText(run)}</span>
                <span className={styles.muted}>{durationText(run.durationMs)}</span>
                {run.generation !== null && <span className={styles.muted}>gen {run.generation}</span>}
                {run.designVersion !== null && <span className={styles.muted}>revision {run.designVersion}</span>}
              </div>
              <div className={styles.triggers} title={run.triggers.map(triggerText).join('\n')}>
                <span className={styles.muted}>Triggers: </span>
                {triggerSummary(run.triggers).join(' · ') || 'none recorded'}
              </div>
              {run.actions.length > 0 && (
                <ul className={styles.detail} aria-label="Actions">
                  {groupActions(run.actions).map((item, i) =>
                    item.kind === 'one' ? (
                      <li key={i}>{item.action.summary}</li>
                    ) : (
                      // a collection's objects: one line, opened for each of them
                      <li key={i}>
                        <details>
                          <summary>{item.summary}</summary>
                          <ul aria-label={`Actions on ${item.child}`}>
                            {item.actions.map((a, j) => (
                              <li key={j}>{a.summary}</li>
                            ))}
                          </ul>
                        </details>
                      </li>
                    ),
                  )}
                </ul>
              )}
              {run.conditions.length > 0 && (
                <ul className={styles.detail} aria-label="Condition changes">
                  {run.conditions.map((c) => (
                    <li key={c.type} title={c.message}>
                      {conditionText(c)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {runs.length > 0 && !exhausted && (
        <button type="button" className={styles.more} onClick={loadOlder} disabled={page.isPending}>
          {page.isPending ? 'Loading…' : 'Load older runs'}
        </button>
      )}
      {page.error !== null && <p className={styles.error}>{page.error.message}</p>}
    </section>
  );
}
