/** The light and dark themes (docs/design/0031-themes-and-accessibility.md). */
export { ThemeSwitch } from './ThemeSwitch';
export { useTheme } from './use-theme';
export { monacoTheme, themeScript } from './theme';
export type { Theme, ThemeChoice } from './theme';
