'use client';
// The home page, an overview as Headlamp's cluster overview is: the cluster headline, the way to
// the designs and to a new one, the kinds the studio installed with their objects' health, the
// reconciles that failed lately, then the nodes and namespaces; live where the cluster is.
import { ClusterStatus } from '../cluster/ClusterStatus';
import { NamespaceList } from '../cluster/NamespaceList';
import { NodeList } from '../cluster/NodeList';
import { useLiveTopics } from '../live/LiveProvider';
import { DesignsCard } from './DesignsCard';
import { FailedRuns } from './FailedRuns';
import { KindsOverview } from './KindsOverview';
import styles from './home.module.css';

const topics = ['nodes', 'namespaces', 'kinds'] as const;

export function HomePage() {
  useLiveTopics(topics);
  return (
    <div className={styles.home}>
      <h1 className={styles.title}>Overview</h1>
      <ClusterStatus />
      <div className={styles.top}>
        <KindsOverview />
        <DesignsCard />
      </div>
      <FailedRuns />
      <div className={styles.grid}>
        <NodeList />
        <NamespaceList />
      </div>
    </div>
  );
}
