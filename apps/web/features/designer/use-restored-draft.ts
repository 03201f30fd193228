'use client';
// On opening a design (every entry, not only a reload): a local draft typed over this very
// version (drafts.ts) is put back, once, as if typed again (so it goes through the same parsing
// and checks), and returned for a notice. A draft typed over an older version is only offered:
// `take` puts it back when the person asks, `drop` forgets it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, draftFate, readDraft, type Draft } from './drafts';

export interface RestoredDraft {
  /** the draft put back (typed over the version opened), for the "Restored…" notice */
  readonly restored: Draft | null;
  /** a draft typed over an older version, waiting for the person's choice */
  readonly offered: Draft | null;
  readonly take: () => void;
  readonly drop: () => void;
}

export function useRestoredDraft(designId: string, version: number, apply: (draft: Draft) => void): RestoredDraft {
  const [restored, setRestored] = useState<Draft | null>(null);
  const [offered, setOffered] = useState<Draft | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    const draft = readDraft(window.localStorage, designId);
    const fate = draftFate(draft, version);
    if (draft === undefined || fate === 'none') return;
    if (fate === 'offer') {
      setOffered(draft);
      return;
    }
    applyRef.current(draft);
    setRestored(draft);
  }, [designId, version]);
  const take = useCallback(() => {
    if (offered === null) return;
    applyRef.current(offered);
    setRestored(offered);
    setOffered(null);
  }, [offered]);
  const drop = useCallback(() => {
    clearDraft(window.localStorage, designId);
    setOffered(null);
  }, [designId]);
  return { restored, offered, take, drop };
}
