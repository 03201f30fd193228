'use client';
// The admin's pages in the navigation: the audit log (in both modes: the local user is admin in
// single-user mode) and the accounts (multi-user mode only: single-user mode has none).
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useRoleAllows, useSession } from '../auth';
import styles from './shell.module.css';

export function AdminNav() {
  const admin = useRoleAllows('admin');
  const multiUser = useSession().session?.mode === 'multi-user';
  const pathname = usePathname();
  if (!admin) return null;
  const current = (href: string) => (pathname === href ? 'page' : undefined);
  return (
    <>
      <h2 className={styles.heading} id="nav-admin">
        Admin
      </h2>
      <ul className={styles.links} aria-labelledby="nav-admin">
        <li>
          <Link href="/admin/audit" aria-current={current('/admin/audit')}>
            Audit log
          </Link>
        </li>
        {multiUser ? (
          <li>
            <Link href="/admin/users" aria-current={current('/admin/users')}>
              Users
            </Link>
          </li>
        ) : null}
      </ul>
    </>
  );
}
