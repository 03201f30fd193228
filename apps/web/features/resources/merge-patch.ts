// The JSON merge patch (RFC 7386) that turns `before` into `after`: changed keys with their new
// value, removed keys as null, objects recursed into, arrays replaced whole (merge patch cannot
// edit inside an array). Apply sends this instead of the whole object, so fields the controller
// wrote meanwhile (status, finalizers) are not overwritten with what the page last saw.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Undefined when nothing changed. */
export function mergePatchOf(before: unknown, after: unknown): Json | undefined {
  if (!isObject(before) || !isObject(after)) return sameJson(before, after) ? undefined : ((after ?? null) as Json);
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

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}
