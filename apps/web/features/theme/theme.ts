// The theme: the reader's choice (system, light or dark, kept in this browser) and the theme it
// resolves to, shown as data-theme="light|dark" on <html>. globals.css keys every colour on it.
// bootTheme runs as an inline script in <head> before the first paint (no flash of the wrong
// theme) and stays to follow the system setting, other tabs and the header's switch.

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'opstudio.theme';
/** Dispatched on window after the choice in storage changed in this tab (the storage event covers the others). */
export const THEME_CHANGE_EVENT = 'opstudio:theme';

export function parseThemeChoice(stored: string | null): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

/** The Monaco theme for a page theme (Monaco's own built-in themes). */
export function monacoTheme(theme: Theme): 'vs' | 'vs-dark' {
  return theme === 'dark' ? 'vs-dark' : 'vs';
}

// bootTheme is kept as text, not as a function turned into text: bundlers rewrite functions
// (esbuild adds __name(…) calls), and this must run before any bundle. theme.test.ts runs it.
const BOOT_THEME = `function bootTheme(key, changeEvent) {
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var choice = null;
    try {
      choice = window.localStorage.getItem(key);
    } catch (e) {}
    var theme = choice === 'light' || choice === 'dark' ? choice : media.matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-theme', theme);
  }
  apply();
  media.addEventListener('change', apply);
  window.addEventListener(changeEvent, apply);
  window.addEventListener('storage', function (e) {
    if (e.key === key) apply();
  });
}`;

/** The inline script's text. */
export function themeScript(): string {
  return `(${BOOT_THEME})(${JSON.stringify(THEME_STORAGE_KEY)}, ${JSON.stringify(THEME_CHANGE_EVENT)});`;
}
