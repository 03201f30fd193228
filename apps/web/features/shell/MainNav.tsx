'use client';
// The first links of the navigation: the cluster's overview (home) and the designs, marked when current.
import Link from 'next/link';
import { useCluster } from '../cluster/ClusterScope';
import styles from './shell.module.css';

export function MainNav() {
  const { path: pathname, href: on } = useCluster();
  return (
    <ul className={styles.links}>
      <li>
        <Link href={on('/')} aria-current={pathname === '/' ? 'page' : undefined}>
          Cluster
        </Link>
      </li>
      <li>
        <Link
          href={on('/designs')}
          aria-current={pathname === '/designs' || pathname.startsWith('/designs/') ? 'page' : undefined}
        >
          Designs
        </Link>
      </li>
    </ul>
  );
}
