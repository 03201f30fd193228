'use client';
// Apply on the CR page (docs/design/0032-apply-diff.md): the merge patch goes first as a
// server-side dry run, the dialog shows what it would store, Confirm sends it for real. Both
// carry the resourceVersion the user started editing from, so a change made meanwhile (kubectl,
// another tab) is refused with 409 instead of being overwritten, as `kubectl edit` does. A
// refusal caused by a write that left labels, annotations and spec alone (the controller writing
// status) is no conflict for the user: the patch carries what it was planned from (`base`) and the
// server moves it onto the live version and sends it again (docs/design/0050). A real conflict
// shows what changed meanwhile from the page's live object (its `object:` topic), fetched only if
// the stream has not brought the change within a few seconds.
import { isTRPCClientError } from '@trpc/client';
import { editConflict, rebaseDraft } from '@opstudio/shared/resources/edit-conflict';
import type { Rebased } from '@opstudio/shared/resources/edit-conflict';
import { changeText } from '@opstudio/shared/resources/object-changes';
import { sameEditable } from '@opstudio/shared/resources/editable';
import { useEffect, useRef, useState } from 'react';
import { useTRPCClient } from '../../trpc/client';
import type { FetchedObject, ResourceKind } from './api-types';
import { diffReview, errorText } from './apply-review';
import type { ApplyReview } from './apply-review';
import { editableOf, planPatch } from './spec-draft';
import type { Editable } from './spec-draft';

/** How long a conflict waits for the live object to show the change the server saw before asking for it. */
const STREAM_WAIT_MS = 3000;

interface Options {
  readonly kind: ResourceKind;
  /** the live object, as the page shows it (its `object:` topic) */
  readonly object: FetchedObject;
  readonly onApplied: (obj: FetchedObject) => void;
  /** Reload after a conflict: the live object and the draft carried over to it */
  readonly onReloaded: (live: FetchedObject, rebased: Rebased) => void;
}

interface Pending {
  readonly draft: Editable;
  from: FetchedObject;
  live?: FetchedObject;
}

class EditConflictError extends Error {
  constructor(readonly live: FetchedObject) {
    super('the object changed meanwhile');
  }
}

const isConflict = (err: unknown) =>
  isTRPCClientError(err) && (err.data as { code?: string } | undefined)?.code === 'CONFLICT';

export function useSpecApply({ kind, object, onApplied, onReloaded }: Options) {
  const client = useTRPCClient();
  const [review, setReview] = useState<ApplyReview | null>(null);
  const pending = useRef<Pending | null>(null);
  const latest = useRef(object);
  useEffect(() => {
    latest.current = object;
  }, [object]);
  const { name, namespace } = object.metadata;
  const ref = {
    group: kind.group,
    version: kind.version ?? '',
    plural: kind.plural,
    name,
    ...(namespace !== undefined ? { namespace } : {}),
  };

  /** The live object once it shows a change to what the page edits since `from` (the stream's, else asked for). */
  const changedSince = async (from: FetchedObject): Promise<FetchedObject> => {
    const base = editableOf(from);
    const moved = () => (sameEditable(editableOf(latest.current), base) ? undefined : latest.current);
    for (const until = Date.now() + STREAM_WAIT_MS; Date.now() < until;) {
      const live = moved();
      if (live !== undefined) return live;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return moved() ?? (await client.resources.get.query(ref));
  };

  /** Sends the draft's patch from `p.from` (the server rebases it over status-only writes); throws EditConflictError. */
  const send = async (p: Pending, dryRun: boolean): Promise<FetchedObject> => {
    const base = editableOf(p.from);
    const plan = planPatch(base, p.draft);
    if (plan.kind !== 'patch') throw new Error(plan.kind === 'invalid' ? plan.message : 'nothing to apply');
    const meta = (plan.patch.metadata ?? {}) as Record<string, unknown>;
    const patch = { ...plan.patch, metadata: { ...meta, resourceVersion: p.from.metadata.resourceVersion } };
    try {
      return await client.resources.patch.mutate({ ...ref, strategy: 'merge', patch, dryRun, base });
    } catch (err) {
      if (!isConflict(err)) throw err;
      throw new EditConflictError(await changedSince(p.from));
    }
  };

  const showConflict = (p: Pending, live: FetchedObject) => {
    p.live = live;
    const conflict = editConflict(editableOf(p.from), editableOf(live), p.draft);
    setReview({ step: 'conflict', meanwhile: conflict.meanwhile.map(changeText), collisions: conflict.collisions });
  };

  const start = async (draft: Editable, from: FetchedObject) => {
    const p: Pending = { draft, from };
    pending.current = p;
    setReview({ step: 'checking' });
    try {
      const after = await send(p, true);
      if (pending.current === p) setReview(diffReview(p.from, after));
    } catch (err) {
      if (pending.current !== p) return;
      if (err instanceof EditConflictError) showConflict(p, err.live);
      else setReview({ step: 'refused', message: errorText(err) });
    }
  };

  const confirm = async () => {
    const p = pending.current;
    if (p === null || review?.step !== 'diff') return;
    setReview({ ...review, sending: true, error: null });
    try {
      const applied = await send(p, false);
      pending.current = null;
      setReview(null);
      onApplied(applied);
    } catch (err) {
      if (pending.current !== p) return;
      if (err instanceof EditConflictError) showConflict(p, err.live);
      else setReview({ ...review, sending: false, error: errorText(err) });
    }
  };

  const reload = () => {
    const p = pending.current;
    if (p?.live === undefined) return;
    const rebased = rebaseDraft(editableOf(p.from), editableOf(p.live), p.draft);
    pending.current = null;
    setReview(null);
    onReloaded(p.live, rebased);
  };

  const cancel = () => {
    pending.current = null;
    setReview(null);
  };

  return {
    review,
    start: (draft: Editable, from: FetchedObject) => void start(draft, from),
    confirm: () => void confirm(),
    reload,
    cancel,
  };
}
