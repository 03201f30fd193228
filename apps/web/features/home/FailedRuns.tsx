'use client';
// The reconciles that failed lately, newest first, each linking to its object's page (where the
// timeline has the whole run), from history.failures; refreshed every few seconds.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../trpc/client';
import { useCluster } from '../cluster/ClusterScope';
import { useKinds } from '../resources/use-kinds';
import { objectPath } from '../resources/paths';
import { ageText } from '../resources/printer-columns';
import { useNow } from '../resources/use-now';
import { Skeleton } from '../shell/Skeleton';
import styles from './home.module.css';

const LIMIT = 8;
const REFRESH_MS = 5000;

export function FailedRuns() {
  const trpc = useTRPC();
  const { href: on } = useCluster();
  const { kinds } = useKinds();
  const now = useNow();
  const failures = useQuery({ ...trpc.history.failures.queryOptions({ limit: LIMIT }), refetchInterval: REFRESH_MS });
  // a run names its kind and design; the page of its object needs the CRD name
  const crdOf = (kind: string, designId: string | null) =>
    kinds?.find((k) => k.kind === kind && k.designId === designId)?.name;
  const runs = failures.data;
  return (
    <section className={styles.card} aria-labelledby="home-failures">
      <h2 id="home-failures" className={styles.cardTitle}>
        Recent failed reconciles {runs !== undefined && <span className={styles.count}>{runs.length}</span>}
      </h2>
      {failures.isPending && <Skeleton lines={2} label="Loading the recent failures…" />}
      {failures.isError && (
        <p role="alert" className={styles.error}>
          Cannot read the reconcile history: {failures.error.message}
        </p>
      )}
      {runs?.length === 0 && <p className={styles.muted}>No reconcile has failed lately.</p>}
      {runs !== undefined && runs.length > 0 && (
        <ul className={styles.list} aria-label="Recent failed reconciles">
          {runs.map((run) => {
            const crd = crdOf(run.kind, run.designId);
            const label = `${run.kind} ${run.namespace === '' ? '' : `${run.namespace}/`}${run.name}`;
            return (
              <li key={run.id} className={styles.failure}>
                <span className={styles.failureHead}>
                  {crd === undefined ? (
                    <span className={styles.mono}>{label}</span>
                  ) : (
                    <Link className={styles.mono} href={on(objectPath(crd, run.namespace, run.name))}>
                      {label}
                    </Link>
                  )}
                  <span className={styles.muted} title={run.startedAt}>
                    {ageText(run.startedAt, now)} ago
                  </span>
                </span>
                <span className={styles.failureMessage} title={run.errorMessage ?? undefined}>
                  {run.errorMessage ?? 'failed without a message'}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
