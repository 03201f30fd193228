'use client';
// The cluster's nodes and whether each is Ready, live.
import { useLive } from '../live/LiveProvider';
import styles from './cluster.module.css';
import { Skeleton } from '../shell/Skeleton';

export function NodeList() {
  const { state } = useLive();
  const nodes = state.nodes;
  return (
    <section className={styles.card} aria-labelledby="nodes-heading">
      <h2 id="nodes-heading" className={styles.cardTitle}>
        Nodes {nodes !== null && <span className={styles.count}>{nodes.length}</span>}
      </h2>
      {nodes === null ? (
        <Skeleton lines={3} label="Loading the nodes…" />
      ) : (
        <ul className={styles.list} aria-label="Nodes">
          {nodes.map((node) => (
            <li key={node.uid} className={styles.row}>
              <span className={styles.name}>{node.name}</span>
              <span className={node.ready ? styles.pillOk : styles.pillWarn}>{node.ready ? 'Ready' : 'NotReady'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
