// The studio's keyboard shortcuts: this one table registers the handlers (use-shortcuts.ts) and
// fills the help overlay, so the list a user reads is the list that runs. Letters only outside
// text fields and the YAML editor (typing "g" or "?" must type it); in Monaco every key is the
// editor's, including its Ctrl-K chords: the header button opens the palette from there.
import type { Shortcut } from '@opstudio/shared/palette/keys';

export type ShortcutAction = 'palette' | 'help' | 'home' | 'designs' | 'new-design';

export const SHORTCUTS: readonly Shortcut<ShortcutAction>[] = [
  { action: 'palette', keys: 'mod+k', description: 'Open the command palette', when: 'anywhere' },
  { action: 'help', keys: '?', description: 'Show keyboard shortcuts', when: 'outside-text' },
  { action: 'home', keys: 'g h', description: 'Go home (the cluster overview)', when: 'outside-text' },
  { action: 'designs', keys: 'g d', description: 'Go to the designs', when: 'outside-text' },
  { action: 'new-design', keys: 'g n', description: 'Start a new design', when: 'outside-text' },
];

/** Keys inside the palette and the help overlay, listed in the overlay too (handled by those dialogs). */
export const DIALOG_KEYS: readonly { keys: string; description: string }[] = [
  { keys: 'ArrowDown', description: 'Next item in the palette' },
  { keys: 'ArrowUp', description: 'Previous item in the palette' },
  { keys: 'Enter', description: 'Open or run the highlighted item' },
  { keys: 'Backspace', description: 'Back from a second step (with the search field empty)' },
  { keys: 'Escape', description: 'Close the palette or this overlay' },
];

/** Keys one page handles itself (listed in the overlay; registered by that page). */
export const PAGE_KEYS: readonly { keys: string; description: string }[] = [
  { keys: 'mod+z', description: 'Designer: undo (outside the YAML editor)' },
  { keys: 'mod+y', description: 'Designer: redo (outside the YAML editor)' },
];

/**
 * Where typed keys are text: form fields, editable regions, and the Monaco editor. Not a field in
 * a dialog that has just closed: the browser keeps the focus there until its next frame when it
 * has nowhere to return it, and a key pressed right after Esc ("?") would otherwise be lost.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const dialog = target.closest('dialog');
  if (dialog !== null && !dialog.open) return false;
  if (target.closest('.monaco-editor') !== null) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.closest('[contenteditable="true"]') !== null
  );
}

export const isInEditor = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest('.monaco-editor') !== null;

/** ⌘ on Apple platforms, Ctrl elsewhere (read in the browser only). */
export function isApplePlatform(): boolean {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return /mac|iphone|ipad/i.test(nav.userAgentData?.platform ?? nav.platform ?? '');
}
