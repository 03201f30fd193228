'use client';
// The navigation column: sticky while the page scrolls, collapsible to a narrow strip with one
// button (its state remembered in this browser), so wide pages get the room at 1024 px.
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import styles from './shell.module.css';

const KEY = 'opstudio.sidebar';

export function Sidebar({ children }: { readonly children: ReactNode }) {
  const [open, setOpen] = useState(true);
  // read after hydration: the server renders it open, and has no localStorage
  useEffect(() => {
    if (window.localStorage.getItem(KEY) === 'collapsed') setOpen(false);
  }, []);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    try {
      window.localStorage.setItem(KEY, next ? 'open' : 'collapsed');
    } catch {
      // storage full or denied: the sidebar still toggles, it just is not remembered
    }
  };
  const label = open ? 'Collapse the sidebar' : 'Expand the sidebar';
  return (
    <nav aria-label="Main" className={`${styles.nav} ${open ? '' : styles.collapsed}`} data-collapsed={!open}>
      <button
        type="button"
        className={styles.toggle}
        onClick={toggle}
        aria-expanded={open}
        aria-controls="sidebar-content"
        aria-label={label}
        title={label}
      >
        <span aria-hidden="true">{open ? '«' : '»'}</span>
      </button>
      <div id="sidebar-content" className={styles.navContent} hidden={!open}>
        {children}
      </div>
    </nav>
  );
}
