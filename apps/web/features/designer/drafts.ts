// The designer's local draft: what the user typed and has not saved, kept in the browser's
// localStorage per design, so a reload, a crash or a closed tab loses nothing. A draft belongs to
// the saved version it was typed over: over that same version it is put back as it was; over an
// older one (another version was saved since) it is only offered, since taking it would undo that
// newer save. Pure functions over a Storage-like object.
export interface Draft {
  readonly name: string;
  readonly yaml: string;
  /** the saved version the edits were made over */
  readonly baseVersion: number;
  readonly savedAt: string;
}

export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const key = (designId: string) => `opstudio:draft:${designId}`;

/** The design's draft, whatever version it was typed over (undefined: none, or unreadable). */
export function readDraft(store: DraftStore, designId: string): Draft | undefined {
  try {
    const raw = store.getItem(key(designId));
    if (raw === null) return undefined;
    const d = JSON.parse(raw) as Partial<Draft>;
    const valid =
      typeof d.name === 'string' &&
      typeof d.yaml === 'string' &&
      typeof d.savedAt === 'string' &&
      typeof d.baseVersion === 'number';
    return valid ? (d as Draft) : undefined;
  } catch {
    return undefined; // storage disabled or a draft from an older studio: nothing to offer
  }
}

/**
 * What opening the design does with its draft: typed over the version opened, it is put back;
 * typed over another (a newer one was saved since), it is offered, and taken only on request.
 */
export function draftFate(draft: Draft | undefined, openedVersion: number): 'none' | 'restore' | 'offer' {
  if (draft === undefined) return 'none';
  return draft.baseVersion === openedVersion ? 'restore' : 'offer';
}

export function writeDraft(store: DraftStore, designId: string, draft: Draft): void {
  try {
    store.setItem(key(designId), JSON.stringify(draft));
  } catch {
    // quota or private mode: the unsaved-changes prompt still guards the edits
  }
}

export function clearDraft(store: DraftStore, designId: string): void {
  try {
    store.removeItem(key(designId));
  } catch {
    // nothing to clear
  }
}
