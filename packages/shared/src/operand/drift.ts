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

/** Short names for the fields a reader knows by name (`image`, `replicas`), for histories and the impact summary. */
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
  const parts = changes.slice(0, limit).map((c) => `${shortPath(c.path)} ${showPair(c.from, c.to)}`);
  return `${kind} ${name} ${parts.join(', ')}${changes.length > limit ? ', …' : ''}`;
}

export function shortPath(path: string): string {
  for (const [re, short] of shortNames) if (re.test(path)) return short;
  return path;
}

const SHOWN = 40;
/** Characters of the shared part kept before the first difference, so it reads in context. */
const CONTEXT = 10;

const text = (v: unknown): string =>
  v === undefined ? '∅' : typeof v === 'string' ? v : (JSON.stringify(v) ?? typeof v);

/**
 * `from→to`, each cut to about 40 characters around where they first differ: two long values
 * with a long shared start (a peer list that grew) would otherwise both show the same prefix.
 */
function showPair(from: unknown, to: unknown): string {
  const a = text(from);
  const b = text(to);
  if (a.length <= SHOWN && b.length <= SHOWN) return `${a}→${b}`;
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  const start = Math.max(0, same - CONTEXT);
  const cut = (s: string) => {
    if (s.length <= SHOWN && start === 0) return s;
    const body = s.slice(start, start + SHOWN - 1);
    return `${start > 0 ? '…' : ''}${body}${start + SHOWN - 1 < s.length ? '…' : ''}`;
  };
  return `${cut(a)}→${cut(b)}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
