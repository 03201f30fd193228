'use client';
// The designs on the overview: how many there are and how many are installed, the way to the list
// and to "New design" (for the roles that may create one).
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '../../trpc/client';
import { useRoleAllows } from '../auth';
import { useCluster } from '../cluster/ClusterScope';
import { Skeleton } from '../shell/Skeleton';
import styles from './home.module.css';

export function DesignsCard() {
  const trpc = useTRPC();
  const { href: on } = useCluster();
  const designs = useQuery(trpc.designs.list.queryOptions());
  const canCreate = useRoleAllows('editor');
  const count = designs.data?.length;
  return (
    <section className={styles.card} aria-labelledby="home-designs">
      <h2 id="home-designs" className={styles.cardTitle}>
        Designs {count !== undefined && <span className={styles.count}>{count}</span>}
      </h2>
      {designs.isPending && <Skeleton lines={1} label="Loading designs…" />}
      {designs.isError && (
        <p role="alert" className={styles.error}>
          Cannot list designs: {designs.error.message}
        </p>
      )}
      {count !== undefined && (
        <p className={styles.muted}>
          {count === 0
            ? 'No designs yet: a design becomes a CRD and its operator.'
            : `${count} design${count === 1 ? '' : 's'} saved in the studio.`}
        </p>
      )}
      <div className={styles.actions}>
        <Link href={on('/designs')} className={styles.button}>
          All designs
        </Link>
        {canCreate && (
          <Link href={on('/designs/new')} className={`${styles.button} ${styles.primary}`}>
            New design
          </Link>
        )}
      </div>
    </section>
  );
}
