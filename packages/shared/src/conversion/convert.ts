/**
 * The converter: one object from one version to another with a design's rules (model.ts), as the
 * conversion webhook answers the API server. A spoke goes to the hub by its rules in order, the
 * hub to a spoke by the same rules backwards; spoke to spoke goes through the hub. The result is
 * pruned to the target version's schema, as the API server prunes what a webhook returns.
 * Computed fields run on the studio's one CEL (cel/engine.ts), `self` being the source object.
 */
import { celEngine, CEL_PENDING } from '../cel/engine';
import { crdObject } from '../crd/generate';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { fullGroup } from '../design/names';
import type { Design } from '../design/schema';
import { keptAnnotation, type ConversionRule } from './model';
import { pruneToSchema } from './prune';

type Obj = Record<string, JSONValue>;

/** What converting needs of a design: its group, its hub, each spoke's rules and each version's schema. */
export interface ConversionPlan {
  readonly group: string;
  readonly hub: string;
  readonly spokes: ReadonlyMap<string, readonly ConversionRule[]>;
  readonly schemas: ReadonlyMap<string, JSONSchemaProps | undefined>;
}

export function conversionPlan(design: Design): ConversionPlan {
  const crd = crdObject(design);
  const hub = crd.spec.versions.find((v) => v.storage)?.name ?? crd.spec.versions[0]!.name;
  const spokes = new Map<string, readonly ConversionRule[]>();
  for (const v of crd.spec.versions) if (v.name !== hub) spokes.set(v.name, []);
  for (const s of design.conversion?.spokes ?? []) if (spokes.has(s.version)) spokes.set(s.version, s.rules);
  const schemas = new Map(crd.spec.versions.map((v) => [v.name, v.schema?.openAPIV3Schema]));
  return { group: fullGroup(design), hub, spokes, schemas };
}

export type Converted = { ok: true; object: Obj } | { ok: false; message: string };

export function convert(plan: ConversionPlan, obj: Obj, from: string, to: string): Converted {
  for (const v of [from, to])
    if (!plan.schemas.has(v)) return { ok: false, message: `${v} is not a version of this kind` };
  try {
    let out = clone(obj);
    if (from !== plan.hub) out = toHub(plan, out, from);
    if (to !== plan.hub) out = toSpoke(plan, out, to);
    out.apiVersion = `${plan.group}/${to}`;
    const schema = plan.schemas.get(to);
    return { ok: true, object: schema === undefined ? out : (pruneToSchema(out, schema, true) as Obj) };
  } catch (err) {
    if (err instanceof ConversionError) return { ok: false, message: err.message };
    throw err;
  }
}

class ConversionError extends Error {}

function toHub(plan: ConversionPlan, src: Obj, spoke: string): Obj {
  const out = clone(src);
  const rules = plan.spokes.get(spoke) ?? [];
  rules.forEach((r, i) => {
    if (r.from !== undefined && r.to !== undefined) moveField(out, r.from, r.to);
    else if (r.toHub !== undefined) computed(out, src, r.toHub, Object.keys(r.toSpoke ?? {}), `${spoke} rules[${i}]`);
    else if (r.add !== undefined) {
      const kept = takeAnnotation(out, keptAnnotation(plan.group, r.add), r.keep !== undefined);
      if (kept !== undefined) setPath(out, r.add, kept);
      // defaulted as the API server defaults: only inside an object that is there
      else if (getPath(out, r.add) === undefined && r.default !== undefined && parentThere(out, r.add))
        setPath(out, r.add, clone(r.default));
    } else if (r.drop !== undefined) {
      const v = deletePath(out, r.drop);
      if (v !== undefined && r.keep !== undefined) putAnnotation(out, keptAnnotation(plan.group, r.drop), v);
    }
  });
  return out;
}

function toSpoke(plan: ConversionPlan, src: Obj, spoke: string): Obj {
  const out = clone(src);
  const rules = plan.spokes.get(spoke) ?? [];
  [...rules].reverse().forEach((r, back) => {
    const i = rules.length - 1 - back;
    if (r.from !== undefined && r.to !== undefined) moveField(out, r.to, r.from);
    else if (r.toSpoke !== undefined) computed(out, src, r.toSpoke, Object.keys(r.toHub ?? {}), `${spoke} rules[${i}]`);
    else if (r.add !== undefined) {
      // the default needs no annotation: the way back puts it there again
      const v = deletePath(out, r.add);
      if (v !== undefined && r.keep !== undefined && jsonText(v) !== jsonText(r.default ?? null))
        putAnnotation(out, keptAnnotation(plan.group, r.add), v);
    } else if (r.drop !== undefined) {
      const kept = takeAnnotation(out, keptAnnotation(plan.group, r.drop), r.keep !== undefined);
      if (kept !== undefined) setPath(out, r.drop, kept);
    }
  });
  return out;
}

function moveField(out: Obj, from: string, to: string): void {
  const v = deletePath(out, from);
  if (v !== undefined) setPath(out, to, v);
}

/** Each target field from its expression over the source object; a field the expression reads and the object lacks leaves it unset. */
function computed(out: Obj, src: Obj, fills: Record<string, string>, owned: readonly string[], where: string): void {
  const engine = celEngine();
  if (engine === undefined) throw new ConversionError(CEL_PENDING);
  const values: [string, JSONValue][] = [];
  const context = engine.context({ self: src });
  try {
    for (const [field, source] of Object.entries(fills)) {
      const r = engine.evaluate(source, ['self'], context);
      if (r.ok) values.push([field, r.value]);
      else if (!r.missing) throw new ConversionError(`${where} (${field}): ${r.message}`);
    }
  } finally {
    engine.release(context);
  }
  for (const field of owned) deletePath(out, field);
  for (const [field, value] of values) if (value !== null) setPath(out, field, value);
}

function annotations(obj: Obj): Record<string, JSONValue> | undefined {
  const meta = obj.metadata;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return undefined;
  const a = meta.annotations;
  return a !== null && typeof a === 'object' && !Array.isArray(a) ? a : undefined;
}

function putAnnotation(obj: Obj, key: string, value: JSONValue): void {
  setPath(obj, 'metadata', (obj.metadata as Obj | undefined) ?? {});
  const meta = obj.metadata as Obj;
  meta.annotations = { ...(annotations(obj) ?? {}), [key]: jsonText(value) };
}

function takeAnnotation(obj: Obj, key: string, wanted: boolean): JSONValue | undefined {
  const a = annotations(obj);
  const text = a?.[key];
  if (a === undefined || typeof text !== 'string') return undefined;
  delete a[key];
  if (Object.keys(a).length === 0) delete (obj.metadata as Obj).annotations;
  if (!wanted) return undefined;
  try {
    return JSON.parse(text) as JSONValue;
  } catch {
    throw new ConversionError(`the annotation ${key} does not hold JSON`);
  }
}

const jsonText = (v: JSONValue): string =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));

function parentThere(obj: Obj, path: string): boolean {
  const parent = path.split('.').slice(0, -1).join('.');
  const v = parent === '' ? obj : getPath(obj, parent);
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function getPath(obj: JSONValue, path: string): JSONValue | undefined {
  let at: JSONValue | undefined = obj;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = at[part];
  }
  return at;
}

export function setPath(obj: Obj, path: string, value: JSONValue): void {
  const parts = path.split('.');
  let at: Obj = obj;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) at[part] = {};
    at = at[part] as Obj;
  }
  at[parts[parts.length - 1]!] = value;
}

/** Removes the field and returns its value (its parent stays, empty or not, as the API server keeps `spec: {}`). */
export function deletePath(obj: Obj, path: string): JSONValue | undefined {
  const parts = path.split('.');
  const holder = parts.length === 1 ? obj : getPath(obj, parts.slice(0, -1).join('.'));
  if (holder === undefined || holder === null || typeof holder !== 'object' || Array.isArray(holder)) return undefined;
  const last = parts[parts.length - 1]!;
  const v = holder[last];
  delete holder[last];
  return v;
}

function clone<T extends JSONValue>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => clone(x)) as T;
  if (v !== null && typeof v === 'object') {
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = clone(x);
    return out as T;
  }
  return v;
}
