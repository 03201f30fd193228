// Expected vs got for a design's test cases: a subset match (every field the case gives must be
// there with that value; lists compared item by item, and of the same length) or an exact one,
// each difference at its path, so a failing case says where (`spec.replicas: expected 3, got 5`).
import { canonicalJson, jsonEqual } from '../crd/diff-json';
import { isPlainObject } from '../resources/merge-patch';

export interface Mismatch {
  /** dotted path with [i] for list items: `spec.template.spec.containers[0].image` */
  readonly path: string;
  /** what the case expects; undefined for a field that must not be there */
  readonly expected: unknown;
  /** what was rendered; undefined for a field that is not there */
  readonly got: unknown;
}

const join = (base: string, key: string | number): string =>
  typeof key === 'number' ? `${base}[${key}]` : base === '' ? key : `${base}.${key}`;

/** The differences between what is expected and what was got, at their paths. */
export function mismatches(expected: unknown, got: unknown, exact: boolean, path = ''): Mismatch[] {
  if (isPlainObject(expected)) {
    if (!isPlainObject(got)) return [{ path, expected, got }];
    const out: Mismatch[] = [];
    for (const [k, v] of Object.entries(expected)) out.push(...mismatches(v, got[k], exact, join(path, k)));
    // what is extra, in key order (as the exported Go test names it: render_cases_test.go)
    if (exact)
      for (const k of Object.keys(got).sort())
        if (!(k in expected)) out.push({ path: join(path, k), expected: undefined, got: got[k] });
    return out;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(got) || got.length !== expected.length) return [{ path, expected, got }];
    return expected.flatMap((v, i) => mismatches(v, got[i], exact, join(path, i)));
  }
  return jsonEqual(expected, got) ? [] : [{ path, expected, got }];
}

/**
 * `spec.replicas: expected 3, got 5` (values as JSON, an object's keys sorted as the exported Go
 * test writes them; `absent` for a field that is not there).
 */
export function mismatchText(m: Mismatch): string {
  const show = (v: unknown) => (v === undefined ? 'absent' : canonicalJson(v));
  return `${m.path === '' ? '(the whole value)' : m.path}: expected ${show(m.expected)}, got ${show(m.got)}`;
}
