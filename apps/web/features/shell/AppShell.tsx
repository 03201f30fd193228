// The frame around every page: the product name, the always-visible connection badge and (in
// multi-user mode) who is signed in on top; the navigation on the left (cluster, designs, the
// kinds the studio installed, other kinds, and the admin's pages for admins).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { UserMenu } from '../auth';
import { ConnectionBadge } from '../cluster/ConnectionBadge';
import { AdminNav } from './AdminNav';
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
        <UserMenu />
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
          <AdminNav />
        </nav>
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}
