'use client';
// "Pause the embedded controller" for one installed kind (docs/design/0030-hand-off.md): who
// reconciles it now (the embedded controller, or the exported operator holding the kind's
// hand-off Lease), and Pause / Resume for admins (as install). `TimelineHandOffNote` is the timeline's line.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRoleAllows } from '../auth';
import { useTRPC } from '../../trpc/client';
import styles from './handoff.module.css';
import buttons from './resources.module.css';
import { handOffStatus, timelineHandOffNote } from './handoff-status';

const REFRESH_MS = 3_000;

function useHandOff(crdName: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.controllers.handOff.queryOptions({ crdName }), refetchInterval: REFRESH_MS });
}

export function KindHandOff({ crdName }: { readonly crdName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mayPause = useRoleAllows('admin');
  const answer = useHandOff(crdName);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.controllers.handOff.queryKey({ crdName }) });
  const pause = useMutation(trpc.controllers.pause.mutationOptions({ onSuccess: refresh }));
  const resume = useMutation(trpc.controllers.resume.mutationOptions({ onSuccess: refresh }));
  if (answer.data === undefined) return null;
  const status = handOffStatus(answer.data);
  const busy = pause.isPending || resume.isPending;
  const failed = pause.error ?? resume.error;
  return (
    <div className={`${styles.row} ${styles[status.tone]}`} role="status" aria-label="Controller">
      <span>{status.text}</span>
      {mayPause &&
        (status.paused ? (
          <button type="button" className={buttons.button} disabled={busy} onClick={() => resume.mutate({ crdName })}>
            Resume the embedded controller
          </button>
        ) : (
          <button type="button" className={buttons.button} disabled={busy} onClick={() => pause.mutate({ crdName })}>
            Pause the embedded controller
          </button>
        ))}
      {failed && <span className={styles.error}>{failed.message}</span>}
    </div>
  );
}

/** Above a resource's timeline while the embedded controller does not reconcile its kind. */
export function TimelineHandOffNote({ crdName }: { readonly crdName: string }) {
  const answer = useHandOff(crdName);
  const note = answer.data === undefined ? null : timelineHandOffNote(answer.data);
  return note === null ? null : <p className={styles.note}>{note}</p>;
}
