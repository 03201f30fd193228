// The frame around every page: the product name, navigation (grows with later issues) and the
// connection badge, which is always visible.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ConnectionBadge } from '../cluster/ConnectionBadge';
import styles from './shell.module.css';

export function AppShell({ children }: { readonly children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link href="/" className={styles.brand}>
          Operator Studio
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <Link href="/">Cluster</Link>
        </nav>
        <ConnectionBadge />
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
