// The frame around every page: the product name, the command palette's button (Ctrl/⌘-K), the always-visible connection badge, the theme
// switch and (in multi-user mode) who is signed in on top; the navigation on the left, sticky and collapsible
// (overview, designs, the kinds the studio installed, other kinds, and the admin's pages for admins).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { UserMenu } from '../auth';
import { ConnectionBadge } from '../cluster/ConnectionBadge';
import { Palette } from '../palette';
import { ThemeSwitch } from '../theme';
import { AdminNav } from './AdminNav';
import { KindsNav } from './KindsNav';
import { MainNav } from './MainNav';
import { Sidebar } from './Sidebar';
import styles from './shell.module.css';

export function AppShell({ children }: { readonly children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link href="/" className={styles.brand}>
          Operator Studio
        </Link>
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
        <main className={styles.main}>{children}</main>
      </div>
    </div>
  );
}
