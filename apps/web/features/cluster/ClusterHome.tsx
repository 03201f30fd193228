'use client';
// The home page: the cluster headline, then its nodes and namespaces, all from the one live
// subscription of the page.
import { useLiveTopics } from '../live/LiveProvider';
import { ClusterStatus } from './ClusterStatus';
import { NamespaceList } from './NamespaceList';
import { NodeList } from './NodeList';
import styles from './cluster.module.css';

const topics = ['nodes', 'namespaces'] as const;

export function ClusterHome() {
  useLiveTopics(topics);
  return (
    <div className={styles.home}>
      <ClusterStatus />
      <div className={styles.grid}>
        <NodeList />
        <NamespaceList />
      </div>
    </div>
  );
}
