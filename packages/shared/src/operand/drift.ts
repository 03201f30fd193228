/**
 * Does the observed object already hold what we would apply? Only the fields we set are
 * compared (the desired object as a subset of the observed one): the API server adds defaults,
 * status and other managers' fields, none of which is drift. Each difference is a short,
 * readable change (`replicas 3→5`) for the reconcile history.
 */

export interface FieldChange {
  /** Dotted path under the object, shortened for the common ones (`replicas`, `image`). */
  readonly path: string;
  readonly from: unknown;
  readonly to: unknown;
}

/** The differences between `desired` and the matching part of `observed`; empty means "skip the apply". */
export function fieldDrift(desired: unknown, observed: unknown, path = ''): FieldChange[] {
  if (isObject(desired)) {
    if (!isObject(observed)) return [{ path, from: observed, to: desired }];
    return Object.keys(desired).flatMap((k) => fieldDrift(desired[k], observed[k], path === '' ? k : `${path}.${k}`));
  }
  if (Array.isArray(desired)) {
    if (!Array.isArray(observed) || observed.length !== desired.length) return [{ path, from: observed, to: desired }];
    return desired.flatMap((d, i) => fieldDrift(d, observed[i], `${path}[${i}]`));
  }
  return desired === observed ? [] : [{ path, from: observed, to: desired }];
}

const shortNames: readonly [RegExp, string][] = [
  [/^spec\.replicas$/, 'replicas'],
  [/^spec\.template\.spec\.containers\[\d+\]\.image$/, 'image'],
  [/^spec\.template\.spec\.containers\[\d+\]\.command$/, 'command'],
  [/^spec\.template\.spec\.containers\[\d+\]\.ports$/, 'ports'],
];

/** `Deployment memcached-sample replicas 3→5, image a→b` (or `… created`) (at most `limit` changes, then `…`). */
export function describeDrift(kind: string, name: string, changes: readonly FieldChange[], limit = 3): string {
  if (changes.length === 0) return `${kind} ${name} unchanged`;
  if (changes.length === 1 && changes[0]?.path === '' && changes[0].from === undefined)
    return `${kind} ${name} created`;
  const parts = changes.slice(0, limit).map((c) => `${shortPath(c.path)} ${show(c.from)}→${show(c.to)}`);
  return `${kind} ${name} ${parts.join(', ')}${changes.length > limit ? ', …' : ''}`;
}

function shortPath(path: string): string {
  for (const [re, short] of shortNames) if (re.test(path)) return short;
  return path;
}

function show(v: unknown): string {
  if (v === undefined) return '∅';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 39)}…` : s;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
