'use client';
// "Install CRD" and "Export zip" from the palette run the designer's own buttons' code: the
// palette leaves a request here (and navigates to the design when it is not open), and the
// designer's Install panel and Export link take it when they are mounted for that design. A
// request in memory, not in the URL: a reload or a shared link must never install anything.
import { useEffect, useRef } from 'react';

export type DesignerAction = 'install' | 'export';

const EVENT = 'opstudio:designer-action';
/** A request not taken within this time (the design never opened) is dropped. */
const STALE_MS = 30_000;

let pending: { designId: string; action: DesignerAction; at: number } | null = null;

export function requestDesignerAction(designId: string, action: DesignerAction): void {
  pending = { designId, action, at: Date.now() };
  window.dispatchEvent(new Event(EVENT));
}

/** Runs `run` when the palette asks for `action` on this design (now, or once this mounts). */
export function useDesignerAction(designId: string, action: DesignerAction, run: () => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  }, [run]);
  useEffect(() => {
    const take = () => {
      if (pending === null || pending.designId !== designId || pending.action !== action) return;
      const fresh = Date.now() - pending.at <= STALE_MS;
      pending = null;
      if (fresh) latest.current();
    };
    take();
    window.addEventListener(EVENT, take);
    return () => window.removeEventListener(EVENT, take);
  }, [designId, action]);
}
