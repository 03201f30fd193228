'use client';
// The first links of the navigation: the overview (home) and the designs, marked when current.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from './shell.module.css';

export function MainNav() {
  const pathname = usePathname();
  return (
    <ul className={styles.links}>
      <li>
        <Link href="/" aria-current={pathname === '/' ? 'page' : undefined}>
          Cluster
        </Link>
      </li>
      <li>
        <Link
          href="/designs"
          aria-current={pathname === '/designs' || pathname.startsWith('/designs/') ? 'page' : undefined}
        >
          Designs
        </Link>
      </li>
    </ul>
  );
}
