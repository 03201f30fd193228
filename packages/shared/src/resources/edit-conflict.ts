// A user edited a CR from one version of it; by the time they pressed Confirm someone else (kubectl,
// another tab) had changed it, and the API server refused the patch (409: the resourceVersion it
// carried is no longer the live one). What changed meanwhile, and the draft carried over to the
// live object: the user's edits re-applied on top, except where the same field was changed
// meanwhile. There the live value wins: it is news the user has not seen, and they can type
// their value again with it in view, whereas taking theirs would silently undo the other change.
import { childPath } from '../crd/diff-path';
import { applyMergePatch, isPlainObject, mergePatchOf } from './merge-patch';
import { objectChanges } from './object-changes';
import type { ObjectChange } from './object-changes';

type Doc = Record<string, unknown>;

export interface EditConflict {
  /** The fields changed between the version edited from and the live one (labels, annotations, spec). */
  readonly meanwhile: readonly ObjectChange[];
  /** The user's edits that touch a field changed meanwhile (paths): Reload drops them. */
  readonly collisions: readonly string[];
}

export interface Rebased {
  /** The draft on top of the live object; null when nothing of the user's edits is left. */
  readonly draft: Doc | null;
  readonly kept: readonly string[];
  readonly dropped: readonly string[];
}

/** `origin`, `live` and `draft` are the editable parts (identity, labels, annotations, spec). */
export function editConflict(origin: Doc, live: Doc, draft: Doc): EditConflict {
  const theirs = leaves(mergePatchOf(origin, live));
  const collisions = leaves(mergePatchOf(origin, draft)).filter((mine) => theirs.some((t) => overlaps(mine, t)));
  return { meanwhile: objectChanges(origin, live), collisions: collisions.map(pathText) };
}

export function rebaseDraft(origin: Doc, live: Doc, draft: Doc): Rebased {
  const theirs = leaves(mergePatchOf(origin, live));
  const mine = leaves(mergePatchOf(origin, draft));
  const dropped = mine.filter((m) => theirs.some((t) => overlaps(m, t)));
  const kept = mine.filter((m) => !dropped.includes(m));
  const patch: Doc = {};
  for (const path of kept) setLeaf(patch, path, leafAt(mergePatchOf(origin, draft), path));
  const next = applyMergePatch(live, patch) as Doc;
  return {
    draft: mergePatchOf(live, next) === undefined ? null : next,
    kept: kept.map(pathText),
    dropped: dropped.map(pathText),
  };
}

/** The paths a merge patch sets (a value, null, or an array: merge patch replaces those whole). */
function leaves(patch: unknown, prefix: readonly string[] = []): string[][] {
  if (!isPlainObject(patch) || Object.keys(patch).length === 0) return prefix.length === 0 ? [] : [[...prefix]];
  return Object.entries(patch).flatMap(([key, value]) => leaves(value, [...prefix, key]));
}

const overlaps = (a: readonly string[], b: readonly string[]): boolean =>
  a.slice(0, Math.min(a.length, b.length)).every((seg, i) => seg === b[i]);

const leafAt = (doc: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((v, k) => (isPlainObject(v) ? v[k] : undefined), doc);

function setLeaf(doc: Doc, path: readonly string[], value: unknown): void {
  let at = doc;
  path.slice(0, -1).forEach((key) => {
    if (!isPlainObject(at[key])) at[key] = {};
    at = at[key] as Doc;
  });
  at[path[path.length - 1] ?? ''] = value;
}

const pathText = (path: readonly string[]): string => path.reduce((p, k) => childPath(p, k), '.').slice(1);
