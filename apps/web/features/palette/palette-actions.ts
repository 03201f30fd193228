'use client';
// The palette's commands that are not navigation, each the same code its button runs: the theme
// switch's storage key and event (theme.ts), the user menu's sign-out, the recent list in storage.
import { parseRecent, pushRecent } from '@opstudio/shared/palette/rank';
import { signOut } from '../auth/auth-api';
import { SIGN_IN_PATH } from '../auth/session';
import { THEME_CHANGE_EVENT, THEME_STORAGE_KEY } from '../theme/theme';

/** Light ↔ dark from the theme shown now (a "system" choice becomes an explicit one, as the switch does). */
export function toggleTheme(): void {
  const shown = document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, shown === 'dark' ? 'light' : 'dark');
  } catch {
    return; // storage denied: the switch cannot keep a choice either
  }
  window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
}

export async function signOutAndLeave(): Promise<void> {
  await signOut();
  window.location.assign(SIGN_IN_PATH);
}

const RECENT_KEY = 'opstudio.palette.recent';

export function readRecent(): string[] {
  try {
    return parseRecent(window.localStorage.getItem(RECENT_KEY));
  } catch {
    return [];
  }
}

export function rememberRecent(id: string): void {
  try {
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(pushRecent(readRecent(), id)));
  } catch {
    // storage denied: no recent items, the palette still works
  }
}
