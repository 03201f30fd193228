'use client';
// A resource's revision on its page (docs/design/0055): which one it runs and why, and Pin to a
// revision / Unpin for editors, a merge patch of its `studio.opstudio.dev/revision` annotation
// through resources.patch, as the user (Kubernetes RBAC decides, as for any edit).
import { pinPatch } from '@opstudio/shared/rollout/revision';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc/client';
import styles from '../resources/resources.module.css';
import { revisionText } from './revision-text';
import { useKindRevisions } from './use-kind-revisions';

interface Props {
  readonly crdName: string;
  readonly target: { group: string; version: string; plural: string; name: string; namespace?: string };
  readonly pinnedRevision: string | undefined;
  readonly mayPatch: boolean;
}

export function RevisionPin({ crdName, target, pinnedRevision, mayPatch }: Props) {
  const trpc = useTRPC();
  const revisions = useKindRevisions(crdName, true);
  const patch = useMutation(trpc.resources.patch.mutationOptions());
  const [choice, setChoice] = useState<number | null>(null);
  const view = revisions.data;
  if (view === undefined) return null;
  const text = revisionText(
    { namespace: target.namespace ?? null, name: target.name, pinnedRevision },
    view,
    revisions.assigned,
  );
  const pinTo = choice ?? view.current;
  const send = (revision: number | null) => patch.mutate({ ...target, strategy: 'merge', patch: pinPatch(revision) });
  return (
    <section className={styles.card} aria-label="Revision">
      <h2>Revision</h2>
      <p>
        Runs revision <strong>{text}</strong> of its design (the kind&apos;s current revision is {view.current}).
      </p>
      {mayPatch && (
        <div className={styles.toolbar}>
          {pinnedRevision === undefined ? (
            <>
              <label>
                Pin to
                <select value={pinTo} onChange={(e) => setChoice(Number(e.target.value))}>
                  {view.revisions
                    .filter((r) => r.conflict === undefined)
                    .map((r) => (
                      <option key={r.version} value={r.version}>
                        {r.version}
                      </option>
                    ))}
                </select>
              </label>
              <button type="button" className={styles.button} disabled={patch.isPending} onClick={() => send(pinTo)}>
                Pin
              </button>
            </>
          ) : (
            <button type="button" className={styles.button} disabled={patch.isPending} onClick={() => send(null)}>
              Unpin
            </button>
          )}
        </div>
      )}
      {patch.error && <p className={styles.error}>{patch.error.message}</p>}
    </section>
  );
}
