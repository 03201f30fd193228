import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyStep, matchShortcut, SEQUENCE_MS, shortcutLabel, type KeyPress, type Shortcut } from './keys';

const table: Shortcut<'palette' | 'help' | 'home' | 'designs'>[] = [
  { action: 'palette', keys: 'mod+k', description: 'Open the command palette', when: 'anywhere' },
  { action: 'help', keys: '?', description: 'Show shortcuts', when: 'outside-text' },
  { action: 'home', keys: 'g h', description: 'Go to the cluster', when: 'outside-text' },
  { action: 'designs', keys: 'g d', description: 'Go to designs', when: 'outside-text' },
];
const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

test('a key press as a step: Ctrl on Linux and ⌘ on a Mac are both "mod"; "?" needs no shift+', () => {
  assert.equal(keyStep(press('k', { ctrlKey: true }), false), 'mod+k');
  assert.equal(keyStep(press('K', { metaKey: true, shiftKey: true }), true), 'mod+k');
  assert.equal(keyStep(press('k', { metaKey: true }), false), 'k'); // ⌘ means nothing off a Mac
  assert.equal(keyStep(press('?', { shiftKey: true }), false), '?');
  assert.equal(keyStep(press('Escape', { shiftKey: true }), false), 'shift+Escape');
});

test('a chord matches at once, in a text field too when it says so', () => {
  assert.equal(matchShortcut(table, null, 'mod+k', true, 0).shortcut?.action, 'palette');
  assert.equal(matchShortcut(table, null, '?', false, 0).shortcut?.action, 'help');
  assert.equal(matchShortcut(table, null, '?', true, 0).shortcut, null); // typing a "?" stays typing
});

test('a sequence: the first key waits, the second completes it within the time', () => {
  const first = matchShortcut(table, null, 'g', false, 1000);
  assert.equal(first.shortcut, null);
  assert.deepEqual(first.pending, { steps: ['g'], at: 1000 });
  assert.equal(matchShortcut(table, first.pending, 'd', false, 1500).shortcut?.action, 'designs');
  assert.equal(matchShortcut(table, first.pending, 'h', false, 1000 + SEQUENCE_MS + 1).shortcut, null);
  assert.equal(matchShortcut(table, null, 'g', true, 0).pending, null); // typing "g" in a field
});

test('a wrong second key resets, and may itself start or be a shortcut', () => {
  const g = matchShortcut(table, null, 'g', false, 0).pending;
  assert.deepEqual(matchShortcut(table, g, 'x', false, 10), { shortcut: null, pending: null });
  assert.equal(matchShortcut(table, g, '?', false, 10).shortcut?.action, 'help');
  assert.deepEqual(matchShortcut(table, g, 'g', false, 10).pending, { steps: ['g'], at: 10 });
});

test('labels for the help overlay', () => {
  assert.deepEqual(shortcutLabel('mod+k', false), ['Ctrl', 'K']);
  assert.deepEqual(shortcutLabel('mod+k', true), ['⌘', 'K']);
  assert.deepEqual(shortcutLabel('g d', false), ['G', 'then', 'D']);
  assert.deepEqual(shortcutLabel('?', false), ['?']);
  assert.deepEqual(shortcutLabel('ArrowDown', false), ['↓']);
  assert.deepEqual(shortcutLabel('Escape', false), ['Esc']);
  assert.deepEqual(shortcutLabel('shift+Enter', false), ['Shift', 'Enter']);
});
