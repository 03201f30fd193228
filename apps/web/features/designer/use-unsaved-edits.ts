'use client';
// Edits are never lost (issue 15, point 3): leaving the page with unsaved changes asks first
// (a link inside the studio, a reload, closing the tab), Ctrl/Cmd-S saves, and what is typed is
// kept as a local draft (drafts.ts) that the designer offers back after a reload or a crash.
import { useEffect, useRef } from 'react';
import { clearDraft, writeDraft } from './drafts';

export const LEAVE_PROMPT =
  'This design has unsaved changes. Leave anyway? (They stay as a local draft of this design.)';

interface Options {
  readonly designId: string;
  readonly dirty: boolean;
  readonly name: string;
  /** what changes when the user edits (the design object or the typed text): the draft follows it */
  readonly edited: unknown;
  /** the design as YAML, computed only when a draft is written */
  readonly yaml: () => string;
  readonly baseVersion: number;
  readonly save: () => void;
}

export function useUnsavedEdits({ designId, dirty, name, edited, yaml, baseVersion, save }: Options): void {
  const latest = useRef({ dirty, save, yaml });
  latest.current = { dirty, save, yaml };
  const wasDirty = useRef(false);

  // the draft follows the edits, a little behind the keystrokes; a save (not dirty) clears it
  useEffect(() => {
    if (!dirty) {
      // cleared when the edits are saved or discarded, not when the page opens clean: the draft
      // from before a reload is read (use-restored-draft.ts) after this effect has run
      if (wasDirty.current) clearDraft(window.localStorage, designId);
      return;
    }
    wasDirty.current = true;
    const t = setTimeout(
      () =>
        writeDraft(window.localStorage, designId, {
          name,
          yaml: latest.current.yaml(),
          baseVersion,
          savedAt: new Date().toISOString(),
        }),
      300,
    );
    return () => clearTimeout(t);
    // keyed on the edit itself, not on every render (live updates re-render the page all the time)
  }, [designId, dirty, name, edited, baseVersion]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!latest.current.dirty) return;
      e.preventDefault();
      e.returnValue = '';
    };
    // links inside the app change the page without unloading it: ask before following one
    const onClick = (e: MouseEvent) => {
      if (!latest.current.dirty || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (!(a instanceof HTMLAnchorElement) || a.hasAttribute('download') || a.target === '_blank') return;
      const to = new URL(a.href, window.location.href);
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return;
      if (!window.confirm(LEAVE_PROMPT)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 's') return;
      e.preventDefault(); // the browser's "save page", also inside Monaco
      if (latest.current.dirty) latest.current.save();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('keydown', onKey, true);
    };
  }, []);
}
