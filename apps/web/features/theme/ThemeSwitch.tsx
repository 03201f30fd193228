'use client';
// The header's theme switch: System, Light or Dark, remembered in this browser. It only stores
// the choice and tells bootTheme (theme.ts), which sets data-theme on <html>.
import { useEffect, useState } from 'react';
import { parseThemeChoice, THEME_CHANGE_EVENT, THEME_CHOICES, THEME_STORAGE_KEY } from './theme';
import type { ThemeChoice } from './theme';
import styles from './theme.module.css';

const LABELS: Record<ThemeChoice, { glyph: string; name: string }> = {
  system: { glyph: '◐', name: 'System theme' },
  light: { glyph: '☀', name: 'Light theme' },
  dark: { glyph: '☾', name: 'Dark theme' },
};

export function ThemeSwitch() {
  const [choice, setChoice] = useState<ThemeChoice>('system');
  // read after hydration: the server renders "system" and has no localStorage
  useEffect(() => {
    const read = () => {
      try {
        setChoice(parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY)));
      } catch {
        // storage denied: the switch shows "system", which is what bootTheme applies then
      }
    };
    read();
    window.addEventListener('storage', read);
    // the command palette's "Toggle theme" changes the choice in this tab
    window.addEventListener(THEME_CHANGE_EVENT, read);
    return () => {
      window.removeEventListener('storage', read);
      window.removeEventListener(THEME_CHANGE_EVENT, read);
    };
  }, []);
  const choose = (next: ThemeChoice) => {
    setChoice(next);
    try {
      if (next === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
      else window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage denied: the choice cannot be kept, and bootTheme keeps following the system
    }
    window.dispatchEvent(new Event(THEME_CHANGE_EVENT));
  };
  return (
    <div role="group" aria-label="Theme" className={styles.switch}>
      {THEME_CHOICES.map((c) => (
        <button
          key={c}
          type="button"
          className={styles.option}
          aria-pressed={choice === c}
          aria-label={LABELS[c].name}
          title={LABELS[c].name}
          onClick={() => choose(c)}
        >
          <span aria-hidden="true">{LABELS[c].glyph}</span>
        </button>
      ))}
    </div>
  );
}
