'use client';
// The designer's History panel: every saved version (when, who if the audit log knows, what it
// changed), a version's YAML read-only, and "Restore", which saves that version's YAML as a new
// version: the history only ever grows. The designer is handed the restored design to show.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { useEffect, useState } from 'react';
import { useTRPC, useTRPCClient } from '../../trpc/client';
import { useRoleAllows } from '../auth';
import { versionLine, versionTitle } from './history-text';
import styles from './designs.module.css';
import { Skeleton } from '../shell/Skeleton';

interface Props {
  readonly designId: string;
  readonly name: string;
  /** The version the designer holds (the list refetches when it changes). */
  readonly savedVersion: number;
  /** Unsaved edits in the designer: restoring asks once more before dropping them. */
  readonly dirty: boolean;
  readonly onRestored: (design: Design, version: number) => void;
}

export function DesignHistory({ designId, name, savedVersion, dirty, onRestored }: Props) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const canRestore = useRoleAllows('editor'); // viewers look only (the controller refuses anyway)
  const history = useQuery(trpc.designs.history.queryOptions({ id: designId }));
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const shown = useQuery(
    trpc.designs.get.queryOptions(
      { id: designId, version: viewing ?? 1 },
      { enabled: viewing !== null, staleTime: Infinity },
    ),
  );
  const { refetch } = history;
  useEffect(() => {
    void refetch();
  }, [savedVersion, refetch]);

  const restore = useMutation({
    mutationFn: async (version: number) => {
      // a saved version never changes: cached forever
      const source = await queryClient.fetchQuery({
        ...trpc.designs.get.queryOptions({ id: designId, version }),
        staleTime: Infinity,
      });
      const parsed = parseDesign(source.yaml);
      if (!parsed.ok)
        throw new Error(
          `version ${version} does not parse with this studio version: ${parsed.errors[0]?.message ?? ''}`,
        );
      const saved = await client.designs.save.mutate({ id: designId, name, yaml: source.yaml });
      return { design: parsed.design, version: saved.version };
    },
    onSuccess: ({ design, version }) => {
      setConfirming(null);
      setViewing(null);
      onRestored(design, version);
      void refetch();
      void queryClient.invalidateQueries({ queryKey: trpc.designs.list.queryKey() });
    },
  });
  const askRestore = (version: number) => {
    if (dirty && confirming !== version) return setConfirming(version);
    restore.mutate(version);
  };

  return (
    <section className={styles.card} aria-label="History">
      <h2>History</h2>
      {history.isPending && <Skeleton lines={4} label="Loading the versions…" />}
      {history.error !== null && <p className={styles.error}>{history.error.message}</p>}
      {restore.error !== null && (
        <p role="alert" className={styles.error}>
          Not restored: {restore.error.message}
        </p>
      )}
      {history.data !== undefined && (
        <ol className={styles.history} aria-label="Saved versions">
          {history.data.map((entry) => {
            const title = versionTitle(entry.version, savedVersion);
            return (
              <li key={entry.version} aria-label={title}>
                <div className={styles.historyRow}>
                  <strong>{title}</strong>
                  <span className={styles.muted} title={entry.savedAt}>
                    {versionLine(entry, Date.now())}
                  </span>
                  <span className={styles.historyActions}>
                    <button
                      type="button"
                      aria-pressed={viewing === entry.version}
                      onClick={() => setViewing(viewing === entry.version ? null : entry.version)}
                    >
                      {viewing === entry.version ? 'Hide' : 'View'}
                    </button>
                    {canRestore && entry.version !== savedVersion && (
                      <button type="button" onClick={() => askRestore(entry.version)} disabled={restore.isPending}>
                        {confirming === entry.version
                          ? 'Discard unsaved changes and restore'
                          : `Restore version ${entry.version}`}
                      </button>
                    )}
                  </span>
                </div>
                {viewing === entry.version && (
                  <pre className={styles.versionYaml} aria-label={`Version ${entry.version} YAML`} tabIndex={0}>
                    {shown.data?.version === entry.version
                      ? shown.data.yaml
                      : shown.error !== null
                        ? shown.error.message
                        : 'Loading…'}
                  </pre>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
