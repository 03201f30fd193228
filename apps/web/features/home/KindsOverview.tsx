'use client';
// The kinds the studio installed, each with its objects and how many are healthy (Ready or
// Available True), read by resources.overview; refreshed when the kinds change and every few seconds.
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect } from 'react';
import { useTRPC } from '../../trpc/client';
import { useCluster } from '../cluster/ClusterScope';
import { useKinds } from '../resources/use-kinds';
import { kindPath } from '../resources/paths';
import { Skeleton } from '../shell/Skeleton';
import type { KindOverview } from './overview-types';
import styles from './home.module.css';

const REFRESH_MS = 5000;

export function KindsOverview() {
  const trpc = useTRPC();
  const { kinds } = useKinds();
  // a kind installed or removed (the live `kinds` topic) refetches at once
  const installed = (kinds ?? [])
    .filter((k) => k.designId !== null)
    .map((k) => k.name)
    .join(',');
  const overview = useQuery({ ...trpc.resources.overview.queryOptions(), refetchInterval: REFRESH_MS });
  const { refetch } = overview;
  useEffect(() => {
    if (installed !== '') void refetch();
  }, [installed, refetch]);
  const rows = overview.data;
  return (
    <section className={styles.card} aria-labelledby="home-kinds">
      <h2 id="home-kinds" className={styles.cardTitle}>
        Installed kinds {rows !== undefined && <span className={styles.count}>{rows.length}</span>}
      </h2>
      {overview.isPending && <Skeleton lines={3} label="Loading the installed kinds…" />}
      {overview.isError && (
        <p role="alert" className={styles.error}>
          Cannot count the installed kinds: {overview.error.message}
        </p>
      )}
      {rows?.length === 0 && (
        <p className={styles.muted}>
          None installed yet: open a design and press “Install CRD” to serve its kind here.
        </p>
      )}
      {rows !== undefined && rows.length > 0 && (
        <table className={styles.table} aria-label="Installed kinds">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Group</th>
              <th scope="col" className={styles.num}>
                Objects
              </th>
              <th scope="col">Health</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((k) => (
              <KindRow key={k.name} k={k} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function KindRow({ k }: { readonly k: KindOverview }) {
  const { href: on } = useCluster();
  return (
    <tr aria-label={k.kind}>
      <td title={k.name}>
        <Link href={on(kindPath(k.name))}>{k.kind}</Link>
      </td>
      <td className={styles.mono} title={`${k.group}/${k.version ?? ''}`}>
        {k.group}
      </td>
      <td className={styles.num}>{k.error === null ? k.total : '—'}</td>
      <td>{k.error === null ? <HealthBar k={k} /> : <span className={styles.error}>{k.error}</span>}</td>
    </tr>
  );
}

/** healthy / unhealthy / not reported, as words (read out) over a bar (seen). */
function HealthBar({ k }: { readonly k: KindOverview }) {
  if (k.total === 0) return <span className={styles.muted}>no objects</span>;
  const text = [
    `${k.healthy} healthy`,
    k.unhealthy > 0 ? `${k.unhealthy} not ready` : null,
    k.unknown > 0 ? `${k.unknown} not reported` : null,
  ]
    .filter((x) => x !== null)
    .join(' · ');
  const pct = (n: number) => `${(100 * n) / k.total}%`;
  return (
    <span className={styles.health} title="Ready or Available condition True / False or Unknown / none yet">
      <span className={styles.bar} aria-hidden="true">
        <span className={styles.barOk} style={{ width: pct(k.healthy) }} />
        <span className={styles.barBad} style={{ width: pct(k.unhealthy) }} />
      </span>
      <span>{text}</span>
    </span>
  );
}
