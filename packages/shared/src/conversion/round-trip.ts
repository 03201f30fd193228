/**
 * The round-trip check: for every spoke, generated objects of the spoke go to the hub and back,
 * and the hub objects given (the sample, live objects) go to the spoke and back, and must come
 * back equal. (Generated hub objects are not: a split is rarely onto, `repository: "a:b"` has no
 * spoke form, and the hub's own objects are the ones that matter.) The
 * first that does not is named with the field that changed, so the designer can show it and a
 * person can reproduce it (the objects are generated from a seed).
 */
import type { JSONValue } from '../crd/types';
import { convert, type ConversionPlan } from './convert';
import { generateObject, seededRng } from './generate';
import { pruneToSchema } from './prune';

type Obj = Record<string, JSONValue>;

export interface RoundTripFailure {
  readonly spoke: string;
  /** the versions in the order the object went through them */
  readonly path: readonly [string, string, string];
  readonly object: Obj;
  /** the first field that differs (`spec.image`), or why a conversion failed */
  readonly field: string;
  readonly before?: JSONValue | undefined;
  readonly after?: JSONValue | undefined;
  readonly error?: string;
}

export type RoundTrip = { ok: true; checked: number } | { ok: false; checked: number; failure: RoundTripFailure };

export interface RoundTripOptions {
  /** generated objects per version and direction */
  readonly count: number;
  readonly seed?: number;
  /** hub objects to check besides the generated ones (the sample, live objects) */
  readonly hubObjects?: readonly Obj[];
  /** only this spoke */
  readonly spoke?: string;
}

export function checkRoundTrip(plan: ConversionPlan, opts: RoundTripOptions): RoundTrip {
  let checked = 0;
  const rng = seededRng(opts.seed ?? 1);
  const kindOf = (objs: readonly Obj[]) => (typeof objs[0]?.kind === 'string' ? objs[0].kind : 'Object');
  const kind = kindOf(opts.hubObjects ?? []);
  for (const [spoke] of plan.spokes) {
    if (opts.spoke !== undefined && opts.spoke !== spoke) continue;
    const runs: [string, Obj][] = [];
    for (const o of opts.hubObjects ?? []) runs.push([plan.hub, o]);
    const schema = plan.schemas.get(spoke);
    for (let i = 0; schema !== undefined && i < opts.count; i++) {
      const head = { apiVersion: `${plan.group}/${spoke}`, kind, name: `generated-${i}` };
      runs.push([spoke, pruneToSchema(generateObject(schema, rng, head), schema, true) as Obj]);
    }
    for (const [from, object] of runs) {
      const other = from === spoke ? plan.hub : spoke;
      const path = [from, other, from] as const;
      checked++;
      const there = convert(plan, object, from, other);
      const back = there.ok ? convert(plan, there.object, other, from) : there;
      if (!back.ok) return { ok: false, checked, failure: { spoke, path, object, field: '', error: back.message } };
      const diff = firstDifference(object, back.object, '');
      if (diff !== null) return { ok: false, checked, failure: { spoke, path, object, ...diff } };
    }
  }
  return { ok: true, checked };
}

/** The first field at which two JSON values differ, with both values. */
export function firstDifference(
  a: JSONValue | undefined,
  b: JSONValue | undefined,
  at: string,
): { field: string; before: JSONValue | undefined; after: JSONValue | undefined } | null {
  const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObj(a) && isObj(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], at === '' ? k : `${at}.${k}`);
      if (d !== null) return d;
    }
    return null;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${at}[${i}]`);
      if (d !== null) return d;
    }
    return null;
  }
  const numeric = (v: unknown) => typeof v === 'number' || typeof v === 'bigint';
  const same = a === b || (numeric(a) && numeric(b) && Number(a) === Number(b));
  return same ? null : { field: at, before: a, after: b };
}

/** One line for a failure: the designer's result and the validation's message. */
export function roundTripMessage(f: RoundTripFailure): string {
  const route = f.path.join(' → ');
  const named = (f.object.metadata as Obj | undefined)?.name;
  const name = typeof named === 'string' ? named : 'an object';
  if (f.error !== undefined) return `${route} fails for ${name}: ${f.error}`;
  const show = (v: JSONValue | undefined) =>
    v === undefined ? 'absent' : JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
  return `${route} does not round-trip ${name}: ${f.field} was ${show(f.before)}, came back ${show(f.after)}`;
}
