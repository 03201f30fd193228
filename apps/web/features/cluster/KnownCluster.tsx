'use client';
// A page under /c/<context>/ whose context the kubeconfig does not have (a link from another
// machine, a renamed context, a typo) says so in place of the page, with the contexts there are,
// instead of every panel failing with the same error. Until the list is known the page shows.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { clusterHref } from '@opstudio/shared/kube/cluster-href';
import { useCluster } from './ClusterScope';
import { useClusterContexts } from './use-contexts';
import styles from './cluster.module.css';

export function KnownCluster({ children }: { readonly children: ReactNode }) {
  const { context } = useCluster();
  const { data } = useClusterContexts();
  if (context === null || data === undefined || data.some((c) => c.name === context)) return children;
  return (
    <section className={styles.home} aria-labelledby="unknown-cluster">
      <h1 id="unknown-cluster">No cluster “{context}”</h1>
      <p className={styles.detail}>The studio&apos;s kubeconfig has no context named “{context}”. Its contexts:</p>
      <ul className={styles.list} aria-label="Contexts">
        {data.map((c) => (
          <li key={c.name} className={styles.row}>
            <Link href={clusterHref(c.name, '/')}>{c.name}</Link>
            {c.default && <span className={styles.muted}> (default)</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
