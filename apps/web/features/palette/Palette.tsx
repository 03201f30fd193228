'use client';
// The palette's place in the header: the button that opens it (with its shortcut shown), the
// window-wide shortcuts, the palette and the help overlay. One of the two dialogs is open at a
// time; when the last one closes, the focus goes back to where it was before the first opened.
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCluster } from '../cluster/ClusterScope';
import { CommandPalette } from './CommandPalette';
import { HelpOverlay } from './HelpOverlay';
import { isApplePlatform, type ShortcutAction } from './shortcuts';
import { useShortcuts } from './use-shortcuts';
import styles from './palette.module.css';

type Shown = 'palette' | 'help' | null;

export function Palette() {
  const router = useRouter();
  const { href: on } = useCluster();
  const [shown, setShown] = useState<Shown>(null);
  const [mac, setMac] = useState(false);
  const returnTo = useRef<HTMLElement | null>(null);
  // after hydration: the server cannot know the platform, and renders "Ctrl"
  useEffect(() => setMac(isApplePlatform()), []);

  const shownNow = useRef<Shown>(null);
  const show = useCallback((next: Shown) => {
    if (shownNow.current === null && next !== null)
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    shownNow.current = next;
    setShown(next);
  }, []);

  // a dialog's close event arrives a task after Esc: by then "?" may have opened the other one
  const closeIfShown = useCallback(
    (which: Exclude<Shown, null>) => {
      if (shownNow.current === which) show(null);
    },
    [show],
  );

  useEffect(() => {
    if (shown !== null) return;
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected === true) target.focus();
  }, [shown]);

  const onShortcut = useCallback(
    (action: ShortcutAction) => {
      if (action === 'palette') show(shownNow.current === 'palette' ? null : 'palette');
      else if (action === 'help') show('help');
      else if (action === 'home') router.push(on('/'));
      else if (action === 'designs') router.push(on('/designs'));
      else router.push(on('/designs/new'));
    },
    [router, show, on],
  );
  useShortcuts(onShortcut);

  return (
    <>
      <button
        type="button"
        className={styles.opener}
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        onClick={() => show('palette')}
      >
        {/* spaces between, so the accessible name reads "Search Ctrl K" */}
        <span>Search</span> <kbd className={styles.kbd}>{mac ? '⌘' : 'Ctrl'}</kbd> <kbd className={styles.kbd}>K</kbd>
      </button>
      <CommandPalette open={shown === 'palette'} onClose={() => closeIfShown('palette')} onHelp={() => show('help')} />
      <HelpOverlay open={shown === 'help'} mac={mac} onClose={() => closeIfShown('help')} />
    </>
  );
}
