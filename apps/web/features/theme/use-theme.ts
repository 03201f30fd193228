'use client';
// The theme in effect, for code that cannot follow the CSS variables (Monaco's theme): it reads
// data-theme on <html> and re-renders when bootTheme changes it.
import { useSyncExternalStore } from 'react';
import type { Theme } from './theme';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const current = (): Theme => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, current, () => 'light');
}
