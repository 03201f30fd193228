/**
 * Where a value puts data, never what: `{ spec: { size: 5 } }` touches `spec.size`. An audit
 * summary records a patch or a body this way. A path ends at a scalar, at null (a merge patch's
 * delete), at a list (a merge patch replaces it whole) or at an empty mapping; odd keys are quoted
 * (`metadata.labels["app.kubernetes.io/name"]`). Capped in count and length, so a large body
 * stays a short line: `more` says how many paths were left out.
 */
import { childPath } from '../crd/diff-path';

export const MAX_AUDIT_PATHS = 20;
export const MAX_AUDIT_PATH_CHARS = 120;

export interface TouchedPaths {
  readonly paths: readonly string[];
  /** How many further paths were left out (absent when none). */
  readonly more?: number;
}

const isMapping = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function cut(path: string): string {
  const p = path.startsWith('.') ? path.slice(1) : path;
  return p.length <= MAX_AUDIT_PATH_CHARS ? p : `${p.slice(0, MAX_AUDIT_PATH_CHARS - 1)}…`;
}

/** The paths of every leaf of a mapping, in document order; anything else touches no named path. */
export function touchedPaths(value: unknown, maxPaths = MAX_AUDIT_PATHS): TouchedPaths {
  const paths: string[] = [];
  let more = 0;
  const stack: Array<[unknown, string]> = isMapping(value) ? [[value, '.']] : [];
  let next: [unknown, string] | undefined;
  while ((next = stack.pop()) !== undefined) {
    const [node, path] = next;
    const keys = isMapping(node) ? Object.keys(node) : [];
    // a leaf, or a path already too long to be shown whole (its children would only repeat it)
    if (keys.length === 0 || path.length > MAX_AUDIT_PATH_CHARS) {
      if (paths.length < maxPaths) paths.push(cut(path));
      else more++;
      continue;
    }
    const mapping = node as Record<string, unknown>;
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push([mapping[key], childPath(path, key)]);
    }
  }
  return more === 0 ? { paths } : { paths, more };
}

/** A summary value written by `touchedPaths` (the audit page shows it as a list of paths). */
export function isTouchedPaths(v: unknown): v is TouchedPaths {
  return (
    isMapping(v) &&
    Array.isArray(v.paths) &&
    v.paths.every((p) => typeof p === 'string') &&
    (v.more === undefined || typeof v.more === 'number')
  );
}
