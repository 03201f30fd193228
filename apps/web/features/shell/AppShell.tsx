'use client';
// The frame around every page: the product name, the cluster picker, the command palette's button (Ctrl/⌘-K), the
// always-visible connection badge, the theme switch and (in multi-user mode) who is signed in on top; the navigation
// on the left, sticky and collapsible (overview, designs, the kinds the studio installed, other kinds, and the
// admin's pages for admins). A client component only for the cluster its links go to (useCluster).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { UserMenu } from '../auth';
import { ClusterPicker } from '../cluster/ClusterPicker';
import { useCluster } from '../cluster/ClusterScope';
import { ConnectionBadge } from '../cluster/ConnectionBadge';
import { KnownCluster } from '../cluster/KnownCluster';
import { Palette } from '../palette';
import { ThemeSwitch } from '../theme';
import { AdminNav } from './AdminNav';
import { KindsNav } from './KindsNav';
import { MainNav } from './MainNav';
import { Sidebar } from './Sidebar';
import styles from './shell.module.css';

export function AppShell({ children }: { readonly children: ReactNode }) {
  const { href: on } = useCluster();
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link href={on('/')} className={styles.brand}>
          Operator Studio
        </Link>
        <ClusterPicker />
        <span className={styles.spacer} />
        <Palette />
        <ConnectionBadge />
        <ThemeSwitch />
        <UserMenu />
      </header>
      <div className={styles.body}>
        <Sidebar>
          <MainNav />
          <KindsNav />
          <AdminNav />
        </Sidebar>
        <main className={styles.main}>
          <KnownCluster>{children}</KnownCluster>
        </main>
      </div>
    </div>
  );
}
