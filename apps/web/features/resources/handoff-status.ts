// What the kind page and the timeline say about who reconciles a kind (docs/design/0030): from the
// controllers.handOff answer, one sentence and a tone. Pure, so it is tested alone.
export interface HandOffAnswer {
  readonly pause: { readonly pausedBy: string; readonly pausedAt: string } | null;
  readonly holder:
    | { readonly side: 'none' }
    | { readonly side: 'studio'; readonly identity: string }
    | { readonly side: 'exported'; readonly identity: string };
  /** The API server refuses the studio a Lease it needs to reconcile the kind: what, and the fix. */
  readonly refusal: string | null;
}

export interface HandOffStatus {
  readonly tone: 'ok' | 'wait' | 'muted';
  readonly text: string;
  readonly paused: boolean;
}

export function handOffStatus(a: HandOffAnswer): HandOffStatus {
  const exported = a.holder.side === 'exported' ? `reconciled by the exported operator ${a.holder.identity}` : null;
  if (a.pause !== null)
    return {
      tone: 'wait',
      paused: true,
      text: `Embedded controller paused by ${a.pause.pausedBy}: ${exported ?? 'no controller reconciles this kind now'}`,
    };
  if (exported !== null)
    return {
      tone: 'wait',
      paused: false,
      text: `${exported[0]!.toUpperCase()}${exported.slice(1)}; the embedded controller waits until it stops`,
    };
  if (a.holder.side === 'studio') return { tone: 'ok', paused: false, text: 'Reconciled by the embedded controller' };
  if (a.refusal !== null)
    return { tone: 'wait', paused: false, text: `The embedded controller cannot take its Lease: ${a.refusal}` };
  return { tone: 'muted', paused: false, text: 'The embedded controller is starting (no controller holds this kind)' };
}

/** The timeline's line while the embedded controller does not reconcile the kind (null: it does). */
export function timelineHandOffNote(a: HandOffAnswer): string | null {
  const exported = a.holder.side === 'exported' ? `reconciled by the exported operator ${a.holder.identity}` : null;
  if (a.pause !== null) return `paused: ${exported ?? 'not reconciled by the studio'}; no runs are recorded here`;
  if (exported !== null) return `${exported}: no runs are recorded here`;
  return a.holder.side === 'none' && a.refusal !== null
    ? 'the embedded controller cannot take its Lease (see the kind page): no runs are recorded here'
    : null;
}
