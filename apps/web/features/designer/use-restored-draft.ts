'use client';
// On opening a design: a local draft typed over this very version (drafts.ts) is put back, once,
// as if typed again (so it goes through the same parsing and checks), and returned for a notice.
import { useEffect, useRef, useState } from 'react';
import { readDraft, type Draft } from './drafts';

export function useRestoredDraft(designId: string, version: number, apply: (draft: Draft) => void): Draft | null {
  const [restored, setRestored] = useState<Draft | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    const draft = readDraft(window.localStorage, designId, version);
    if (draft === undefined) return;
    applyRef.current(draft);
    setRestored(draft);
  }, [designId, version]);
  return restored;
}
