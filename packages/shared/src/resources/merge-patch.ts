// JSON merge patch (RFC 7386) both ways: the patch that turns `before` into `after` (changed keys
// with their new value, removed keys as null, objects recursed into, arrays replaced whole:
// merge patch cannot edit inside an array), and applying one. The CR page's Apply sends the
// first instead of the whole object, so fields the controller wrote meanwhile (status,
// finalizers) are not overwritten with what the page last saw; the second re-applies a user's
// edits on top of a newer object after a conflict (edit-conflict.ts).
import { jsonEqual } from '../crd/diff-json';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Undefined when nothing changed. */
export function mergePatchOf(before: unknown, after: unknown): Json | undefined {
  if (!isPlainObject(before) || !isPlainObject(after))
    return jsonEqual(before, after) ? undefined : ((after ?? null) as Json);
  const patch: Record<string, Json> = {};
  for (const key of Object.keys(before)) {
    if (!(key in after) || after[key] === undefined) patch[key] = null;
  }
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (!(key in before)) {
      patch[key] = value as Json;
      continue;
    }
    const sub = mergePatchOf(before[key], value);
    if (sub !== undefined) patch[key] = sub;
  }
  return Object.keys(patch).length === 0 ? undefined : patch;
}

/** RFC 7386 MergePatch(target, patch): null removes a key, an object merges, anything else replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}
