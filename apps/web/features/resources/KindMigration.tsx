'use client';
// The kind's storage migration (docs/design/0054): at which step it stands — migrate, drop the
// old versions from status.storedVersions, unserve them, remove them — with the pass's progress
// bar and the one button the current step allows (admins, as Install; the writes go out as the
// user). A pass a killed studio left resumes by itself when the studio starts again (as the user
// who started it); one it could not resume says why, beside the Resume button. Hidden while there
// is nothing to migrate and no migration behind.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRoleAllows } from '../auth';
import { useTRPC } from '../../trpc/client';
import styles from './handoff.module.css';
import buttons from './resources.module.css';

const REFRESH_MS = 1_000;

const STEPS = [
  ['migrate', 'Migrate objects'],
  ['trim', 'Drop from storedVersions'],
  ['unserve', 'Unserve'],
  ['remove', 'Remove'],
] as const;

export function KindMigration({ crdName }: { readonly crdName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mayMigrate = useRoleAllows('admin');
  const status = useQuery({ ...trpc.migration.status.queryOptions({ crdName }), refetchInterval: REFRESH_MS });
  const step = useMutation(
    trpc.migration.step.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.migration.status.queryKey({ crdName }) }),
    }),
  );
  const s = status.data;
  if (s === undefined || (s.step === 'done' && s.progress === null)) return null;
  const live = s.running;
  const progress = live ?? s.progress;
  const passing = live !== null && live.error === undefined && live.done < live.total;
  const versions = s.versions.join(', ');
  const action =
    s.step === 'migrate'
      ? { step: 'run' as const, label: s.progress !== null && !s.progress.finished ? 'Resume migration' : 'Migrate' }
      : s.step === 'trim'
        ? { step: 'trim' as const, label: `Drop ${versions} from storedVersions` }
        : s.step === 'unserve'
          ? { step: 'unserve' as const, label: `Unserve ${versions}` }
          : s.step === 'remove'
            ? { step: 'remove' as const, label: `Remove ${versions}` }
            : null;
  return (
    <section className={styles.row} aria-label="Storage migration">
      <strong>Storage migration</strong>
      <ol className={styles.steps} aria-label="Migration steps">
        {STEPS.map(([id, label]) => (
          <li
            key={id}
            aria-current={s.step === id ? 'step' : undefined}
            className={s.step === id ? styles.current : ''}
          >
            {label}
          </li>
        ))}
      </ol>
      <span role="status">{s.message}</span>
      {progress !== null && progress.total > 0 && (
        <progress
          aria-label="Objects migrated"
          max={progress.total}
          value={progress.done}
          title={`${progress.done} of ${progress.total}`}
        />
      )}
      {progress !== null && (
        <span className={styles.muted}>
          {progress.done} of {progress.total} objects
        </span>
      )}
      {(live?.migrator === 'cluster' || s.progress?.via !== undefined) && (
        <span className={styles.muted}>
          by the cluster&apos;s storage migrator{live?.detail !== undefined ? `: ${live.detail}` : ''}
        </span>
      )}
      {mayMigrate && action !== null && (
        <button
          type="button"
          className={buttons.button}
          disabled={step.isPending || passing}
          onClick={() => step.mutate({ crdName, step: action.step })}
        >
          {passing ? 'Migrating…' : action.label}
        </button>
      )}
      {s.leftForPress !== null && !passing && (
        <span className={styles.muted} aria-label="Why the studio did not resume the migration">
          Not resumed when the studio started: {s.leftForPress}
        </span>
      )}
      {(step.error ?? live?.error) && <span className={styles.error}>{step.error?.message ?? live?.error}</span>}
    </section>
  );
}
