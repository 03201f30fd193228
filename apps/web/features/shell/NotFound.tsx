'use client';
// What an unknown address shows (app/not-found.tsx, and a page's notFound()): what happened and the
// ways back (on the page's cluster), inside the usual frame.
import Link from 'next/link';
import { useCluster } from '../cluster/ClusterScope';
import styles from './not-found.module.css';

export function NotFound() {
  const { href: on } = useCluster();
  return (
    <section className={styles.box} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.text}>
        Nothing lives at this address: the link may be old, or the design or kind it named was deleted.
      </p>
      <p className={styles.actions}>
        <Link href={on('/')} className={styles.primary}>
          Back to the overview
        </Link>
        <Link href={on('/designs')} className={styles.link}>
          Designs
        </Link>
      </p>
    </section>
  );
}
