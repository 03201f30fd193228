'use client';
// Always-visible connection state in the header.
import { useLive } from '../live/LiveProvider';
import type { Connection } from '../live/live-state';
import styles from './cluster.module.css';

const labels: Record<Connection, { text: string; tone: string; hint: string }> = {
  live: { text: 'Live', tone: styles.badgeOk ?? '', hint: 'Connected to the cluster; updates arrive as they happen' },
  connecting: { text: 'Connecting…', tone: styles.badgeWait ?? '', hint: 'Opening the live connection' },
  'cluster-down': {
    text: 'Cluster offline',
    tone: styles.badgeDown ?? '',
    hint: 'The Kubernetes API server is not answering; retrying',
  },
  'cluster-unknown': {
    text: 'Unknown cluster',
    tone: styles.badgeDown ?? '',
    hint: 'The studio’s kubeconfig has no context by this name; choose one in the Cluster menu',
  },
  'controller-down': {
    text: 'Controller offline',
    tone: styles.badgeWait ?? '',
    hint: 'The studio controller is not answering; reconnecting',
  },
};

export function ConnectionBadge() {
  const { connection, state } = useLive();
  const label = labels[connection];
  const where = state.cluster === null ? '' : ` (${state.cluster.server})`;
  return (
    <span
      className={`${styles.badge} ${label.tone}`}
      title={`${label.hint}${where}`}
      aria-label={`Connection: ${label.text}`}
      data-connection={connection}
    >
      <span className={styles.dot} aria-hidden="true" />
      {label.text}
    </span>
  );
}
