// The frame around every page: the product name and the always-visible connection badge on top,
// the navigation on the left (cluster, designs, the kinds the studio installed, other kinds).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ConnectionBadge } from '../cluster/ConnectionBadge';
import { KindsNav } from './KindsNav';
import styles from './shell.module.css';

export function AppShell({ children }: { readonly children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link href="/" className={styles.brand}>
          Operator Studio
        </Link>
        <span className={styles.spacer} />
        <ConnectionBadge />
      </header>
      <div className={styles.body}>
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.links}>
            <li>
              <Link href="/">Cluster</Link>
            </li>
            <li>
              <Link href="/designs">Designs</Link>
            </li>
          </ul>
          <KindsNav />
        </nav>
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}
