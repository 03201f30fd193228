'use client';
// The home page's headline: which cluster, which version, how many nodes are Ready; live.
import { useLive } from '../live/LiveProvider';
import { DISCONNECTED, connectedLine } from './cluster-text';
import styles from './cluster.module.css';

export function ClusterStatus() {
  const { state, connection, error } = useLive();
  const cluster = state.cluster;
  if (connection === 'controller-down') {
    return (
      <div className={`${styles.status} ${styles.warn}`} role="status">
        <p className={styles.headline}>Lost contact with the studio controller: reconnecting…</p>
        {/* the headline says a dropped connection already; the server's reason is worth adding */}
        {error !== null && error.code !== null && <p className={styles.detail}>{error.message}</p>}
      </div>
    );
  }
  if (cluster === null) {
    return (
      <div className={styles.status} role="status">
        <p className={styles.headline}>Connecting…</p>
      </div>
    );
  }
  if (!cluster.connected) {
    return (
      <div className={`${styles.status} ${styles.down}`} role="status">
        <p className={styles.headline}>{DISCONNECTED}</p>
        <p className={styles.detail}>
          {cluster.message ?? `No answer from ${cluster.server}.`} Retrying by itself; the lists below show the last
          known state.
        </p>
      </div>
    );
  }
  return (
    <div className={`${styles.status} ${styles.ok}`} role="status">
      <p className={styles.headline}>{connectedLine(cluster)}</p>
      <p className={styles.detail}>
        context {cluster.context} · {cluster.namespaces} namespaces
      </p>
    </div>
  );
}
