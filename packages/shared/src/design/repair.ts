/**
 * A design that fails its shape checks still deserves its other checks: one wrong value (a
 * `scope: cluster`) must not hide every other problem until it is fixed. `repairShape` makes the
 * smallest stand-in that passes the shape checks, for checking only (never saved, never shown as
 * the design): an enum value becomes the allowed value it differs from only in case (else the
 * first one), unknown keys and other wrong optional values are left out. Paths it touched are
 * returned in design terms, so what the other checks say about them can be dropped (the shape
 * error is the one that counts there). Null when no stand-in passes within a few rounds.
 */
import type { z } from 'zod';
import { formatPath } from './errors';
import { DESIGN, type Design } from './schema';

type Issue = z.core.$ZodIssue;
type Container = Record<PropertyKey, unknown> | unknown[];

const MAX_ROUNDS = 4;

function parentOf(root: unknown, path: readonly PropertyKey[]): Container | undefined {
  let cur: unknown = root;
  for (const seg of path.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return cur !== null && typeof cur === 'object' ? (cur as Container) : undefined;
}

/**
 * Applies one issue's stand-in to `root` in place; false when it cannot. A wrong enum value
 * that differs from an allowed one only in case becomes that one; any other wrong value is left
 * out (fewer knock-on findings than a guessed value), and only a required enum left out comes
 * back (`required`) as its first allowed value.
 */
function standIn(root: unknown, issue: Issue, required: boolean): boolean {
  if (issue.code === 'unrecognized_keys') {
    const at = parentOf(root, [...issue.path, '']);
    if (at === undefined || Array.isArray(at)) return false;
    for (const k of issue.keys) delete at[k];
    return true;
  }
  const key = issue.path[issue.path.length - 1];
  const parent = parentOf(root, issue.path);
  if (key === undefined || parent === undefined) return false;
  const current = (parent as Record<PropertyKey, unknown>)[key];
  if (issue.code === 'invalid_value' && issue.values.length > 0) {
    const same = issue.values.find(
      (v) => typeof v === 'string' && typeof current === 'string' && v.toLowerCase() === current.toLowerCase(),
    );
    if (same !== undefined || required) {
      (parent as Record<PropertyKey, unknown>)[key] = same ?? issue.values[0];
      return true;
    }
  }
  if (current === undefined) return false; // a missing required value: nothing to stand in with
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else delete (parent as Record<PropertyKey, unknown>)[key];
  return true;
}

export interface Repaired {
  readonly design: Design;
  /** design paths (`crd.scope`, `crd.versions[0].schema.spec.size`) the stand-in changed */
  readonly paths: readonly string[];
}

export function repairShape(value: unknown, issues: readonly Issue[]): Repaired | null {
  let work: unknown = structuredClone(value);
  const paths = new Set<string>();
  const left = new Set<string>();
  let pending = issues;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // deepest first: removing a list item must not shift the paths of the issues still to apply
    const ordered = [...pending].sort((a, b) => b.path.length - a.path.length);
    for (const issue of ordered) {
      const where = formatPath(issue.path, work);
      // the same place again: left out, it turned out required (an enum gets its first value)
      const again = paths.has(where) && issue.code !== 'unrecognized_keys';
      if (again && (issue.code !== 'invalid_value' || left.has(where))) return null;
      if (!standIn(work, issue, again)) return null;
      if (again) left.add(where);
      paths.add(where);
    }
    const next = DESIGN.safeParse(work);
    if (next.success) return { design: next.data, paths: [...paths] };
    pending = next.error.issues;
    work = structuredClone(work);
  }
  return null;
}

/** Whether `path` is `root` or lies under it (`crd.scope` under `crd`, `a[1].b` under `a[1]`). */
export function pathWithin(path: string, root: string): boolean {
  return root === '' || path === root || path.startsWith(`${root}.`) || path.startsWith(`${root}[`);
}
