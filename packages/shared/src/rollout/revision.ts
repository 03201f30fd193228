// Which revision of its design a custom resource runs (docs/design/0055). A revision is a design
// version installed for the kind; a resource runs, in this order: the revision its annotation pins
// (`studio.opstudio.dev/revision: "7"`, set from its page, `opstudio pin` or kubectl), else the one
// an active rollout assigned it, else the kind's current revision (the CRD's pinned version). Pure:
// the embedded controller chooses with it at every reconcile, the kind page shows it per row.

/** The annotation that pins a custom resource to one revision; the export documents the same one. */
export const REVISION_ANNOTATION = 'studio.opstudio.dev/revision';

export type RevisionSource = 'pinned' | 'rollout' | 'current';

export type RevisionChoice = { readonly version: number; readonly source: RevisionSource } | { readonly error: string };

/** What a kind's rollout contributes: the revision it moves to and the keys (`ns/name`) it moved so far. */
export interface RolloutAssignment {
  readonly to: number;
  readonly assigned: ReadonlySet<string>;
}

interface Annotated {
  readonly metadata?: { readonly annotations?: Readonly<Record<string, string>> | undefined };
}

/** The revision an annotation value names, or why it names none (`"7"`, never `"v7"` or `"07"`). */
export function parseRevision(raw: string): { version: number } | { error: string } {
  const n = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n)
    ? { version: n }
    : {
        error: `annotation ${REVISION_ANNOTATION}: ${JSON.stringify(raw)} is not a revision (a design version, e.g. "3")`,
      };
}

/** The revision the resource at `key` runs, and why; an unreadable pin is an error, never ignored. */
export function chooseRevision(
  cr: Annotated,
  key: string,
  kind: { readonly current: number; readonly rollout?: RolloutAssignment | undefined },
): RevisionChoice {
  const pin = cr.metadata?.annotations?.[REVISION_ANNOTATION];
  if (pin !== undefined) {
    const parsed = parseRevision(pin);
    return 'error' in parsed ? parsed : { version: parsed.version, source: 'pinned' };
  }
  if (kind.rollout !== undefined && kind.rollout.assigned.has(key))
    return { version: kind.rollout.to, source: 'rollout' };
  return { version: kind.current, source: 'current' };
}

/** The merge patch that pins a resource to `revision`, or unpins it (null): from its page and `opstudio pin`. */
export function pinPatch(revision: number | null): { metadata: { annotations: Record<string, string | null> } } {
  return { metadata: { annotations: { [REVISION_ANNOTATION]: revision === null ? null : String(revision) } } };
}
