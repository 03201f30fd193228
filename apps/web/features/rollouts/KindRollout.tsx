'use client';
// The kind page's rollout panel (docs/design/0055-revisions-and-rollouts.md): the current revision,
// a rollout's state in words (where it paused and why), and Start (a revision, a canary by count),
// Rollback and Finish for editors; each goes out as the user, who must be allowed to move the
// kind's revision (the server checks with a dry run of the CRD annotation).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRoleAllows } from '../auth';
import { useTRPC } from '../../trpc/client';
import styles from '../resources/resources.module.css';
import type { useKindRevisions } from './use-kind-revisions';

export function KindRollout({
  crdName,
  revisions,
}: {
  readonly crdName: string;
  readonly revisions: ReturnType<typeof useKindRevisions>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mayChange = useRoleAllows('editor');
  const refresh = () => queryClient.invalidateQueries({ queryKey: revisions.queryKey });
  const start = useMutation(trpc.rollouts.start.mutationOptions({ onSuccess: refresh }));
  const rollback = useMutation(trpc.rollouts.rollback.mutationOptions({ onSuccess: refresh }));
  const finish = useMutation(trpc.rollouts.finish.mutationOptions({ onSuccess: refresh }));
  const [to, setTo] = useState<number | null>(null);
  const [canary, setCanary] = useState(1);
  const view = revisions.data;
  if (view === undefined) return null;
  const candidates = view.revisions.filter((r) => r.version !== view.current && r.conflict === undefined);
  const state = view.rollout?.state;
  const under = state !== undefined && state.phase !== 'rolledBack';
  const busy = start.isPending || rollback.isPending || finish.isPending;
  const failed = start.error ?? rollback.error ?? finish.error;
  const target = to ?? candidates[0]?.version ?? null;
  return (
    <section className={styles.card} aria-label="Revisions">
      <h2>Revisions</h2>
      <p>
        Current revision <strong>{view.current}</strong>
        {view.rollout !== null && (
          <>
            {' · '}
            <span role="status" aria-label="Rollout">
              Rollout: {view.rollout.summary}
            </span>
          </>
        )}
      </p>
      {mayChange && (
        <div className={styles.toolbar}>
          {!under && candidates.length > 0 && target !== null && (
            <>
              <label>
                Roll out revision
                <select value={target} onChange={(e) => setTo(Number(e.target.value))}>
                  {candidates.map((r) => (
                    <option key={r.version} value={r.version}>
                      {r.version}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Canary
                <input
                  type="number"
                  min={1}
                  value={canary}
                  onChange={(e) => setCanary(Math.max(1, Number(e.target.value) || 1))}
                  style={{ width: '5rem' }}
                />
              </label>
              <button
                type="button"
                className={styles.button}
                disabled={busy}
                onClick={() => start.mutate({ crdName, to: target, canary: { count: canary } })}
              >
                Start rollout
              </button>
            </>
          )}
          {under && (
            <button
              type="button"
              className={`${styles.button} ${styles.danger}`}
              disabled={busy}
              onClick={() => rollback.mutate({ crdName })}
            >
              Rollback
            </button>
          )}
          {state?.phase === 'complete' && (
            <button type="button" className={styles.button} disabled={busy} onClick={() => finish.mutate({ crdName })}>
              Finish: make revision {state.to} current
            </button>
          )}
        </div>
      )}
      {failed && <p className={styles.error}>{failed.message}</p>}
    </section>
  );
}
