'use client';
// The cluster's namespaces, live: one created with kubectl appears within a second or two.
import { useLive } from '../live/LiveProvider';
import styles from './cluster.module.css';
import { Skeleton } from '../shell/Skeleton';

export function NamespaceList() {
  const { state } = useLive();
  const namespaces = state.namespaces;
  return (
    <section className={styles.card} aria-labelledby="namespaces-heading">
      <h2 id="namespaces-heading" className={styles.cardTitle}>
        Namespaces {namespaces !== null && <span className={styles.count}>{namespaces.length}</span>}
      </h2>
      {namespaces === null ? (
        <Skeleton lines={4} label="Loading the namespaces…" />
      ) : (
        <ul className={styles.list} aria-label="Namespaces">
          {namespaces.map((ns) => (
            <li key={ns.uid} className={styles.row}>
              <span className={styles.name}>{ns.name}</span>
              <span className={ns.phase === 'Active' ? styles.pillOk : styles.pillWarn}>{ns.phase}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
