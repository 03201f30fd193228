'use client';
// Registers SHORTCUTS on the window: each key press goes through the shared matcher, which keeps
// the first key of a sequence ("g", then "d") for a moment. A completed shortcut's default (the
// browser's own Ctrl-K) is prevented.
import { keyStep, matchShortcut, type Pending } from '@opstudio/shared/palette/keys';
import { useEffect, useRef } from 'react';
import { isApplePlatform, isInEditor, isTypingTarget, SHORTCUTS, type ShortcutAction } from './shortcuts';

export function useShortcuts(onAction: (action: ShortcutAction) => void): void {
  const handler = useRef(onAction);
  useEffect(() => {
    handler.current = onAction;
  }, [onAction]);
  useEffect(() => {
    const mac = isApplePlatform();
    let pending: Pending | null = null;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || isInEditor(e.target)) return;
      if (['Control', 'Meta', 'Alt', 'Shift'].includes(e.key)) return;
      const result = matchShortcut(SHORTCUTS, pending, keyStep(e, mac), isTypingTarget(e.target), Date.now());
      pending = result.pending;
      if (result.shortcut === null) return;
      e.preventDefault();
      handler.current(result.shortcut.action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
