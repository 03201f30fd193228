// bootTheme runs from its source text in <head>: run that text here against a stand-in window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import vm from 'node:vm';
import {
  monacoTheme,
  parseThemeChoice,
  resolveTheme,
  THEME_CHANGE_EVENT,
  THEME_STORAGE_KEY,
  themeScript,
} from './theme';

function fakeBrowser(stored: string | null, prefersDark: boolean) {
  const listeners = new Map<string, ((e: { key?: string }) => void)[]>();
  const on = (type: string, fn: (e: { key?: string }) => void) =>
    listeners.set(type, [...(listeners.get(type) ?? []), fn]);
  const fire = (type: string, e: { key?: string } = {}) => (listeners.get(type) ?? []).forEach((fn) => fn(e));
  const storage = new Map<string, string>(stored === null ? [] : [[THEME_STORAGE_KEY, stored]]);
  const attributes = new Map<string, string>();
  const media = { matches: prefersDark, addEventListener: (_: string, fn: () => void) => on('media', fn) };
  const window = {
    matchMedia: () => media,
    localStorage: { getItem: (k: string) => storage.get(k) ?? null },
    addEventListener: on,
  };
  const document = { documentElement: { setAttribute: (k: string, v: string) => attributes.set(k, v) } };
  vm.runInNewContext(themeScript(), { window, document });
  return { theme: () => attributes.get('data-theme'), storage, media, fire };
}

test('the boot script follows the system until a choice is stored', () => {
  assert.equal(fakeBrowser(null, false).theme(), 'light');
  assert.equal(fakeBrowser(null, true).theme(), 'dark');
  assert.equal(fakeBrowser('light', true).theme(), 'light');
  assert.equal(fakeBrowser('dark', false).theme(), 'dark');
  assert.equal(fakeBrowser('purple', true).theme(), 'dark');
});

test('the boot script re-applies on a system change, a change in another tab and the switch', () => {
  const b = fakeBrowser(null, false);
  b.media.matches = true;
  b.fire('media');
  assert.equal(b.theme(), 'dark');
  b.storage.set(THEME_STORAGE_KEY, 'light');
  b.fire('storage', { key: 'something else' });
  assert.equal(b.theme(), 'dark');
  b.fire('storage', { key: THEME_STORAGE_KEY });
  assert.equal(b.theme(), 'light');
  b.storage.set(THEME_STORAGE_KEY, 'dark');
  b.fire(THEME_CHANGE_EVENT);
  assert.equal(b.theme(), 'dark');
});

test('choices resolve to a theme and a Monaco theme', () => {
  assert.equal(parseThemeChoice(null), 'system');
  assert.equal(parseThemeChoice('dark'), 'dark');
  assert.equal(resolveTheme('system', true), 'dark');
  assert.equal(resolveTheme('light', true), 'light');
  assert.equal(monacoTheme('dark'), 'vs-dark');
  assert.equal(monacoTheme('light'), 'vs');
});
