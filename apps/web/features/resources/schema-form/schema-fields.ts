// The spec form's model, derived from a CRD version's openAPIV3Schema: one node per property,
// typed by what the form can edit in place (numbers, strings, enums, booleans, nested objects,
// maps as key/value rows, arrays as repeatable items). Whatever the form cannot express well
// (int-or-string, free-form objects, anyOf…) becomes a `yaml` node, edited as a small YAML block.
// Properties follow the design's order when one is given (controller-gen sorts them by name).

import type { JSONSchemaProps } from '@opstudio/shared/crd/types';
import type { FieldOrder } from './design-order';

export type SchemaProps = JSONSchemaProps;

interface Common {
  /** The property name; '' for an array's item or a map's value. */
  readonly name: string;
  /** From the object root, e.g. ['spec', 'size']; relative to the item for an array's item or a map's value. */
  readonly path: readonly string[];
  readonly description: string | undefined;
  readonly required: boolean;
  readonly defaultValue: unknown;
}

export type FieldNode =
  | (Common & {
      readonly kind: 'number';
      readonly integer: boolean;
      readonly minimum: number | undefined;
      readonly maximum: number | undefined;
    })
  | (Common & { readonly kind: 'string'; readonly format: string | undefined; readonly pattern: string | undefined })
  | (Common & { readonly kind: 'enum'; readonly options: readonly string[] })
  | (Common & { readonly kind: 'boolean' })
  | (Common & { readonly kind: 'object'; readonly children: readonly FieldNode[] })
  /** `additionalProperties`: key/value rows, each value edited by `value`. */
  | (Common & { readonly kind: 'map'; readonly value: FieldNode })
  /** An array: one row (scalars) or one sub-form (objects) per item, each edited by `item`. */
  | (Common & { readonly kind: 'list'; readonly item: FieldNode })
  | (Common & { readonly kind: 'yaml'; readonly shape: 'array' | 'map' | 'any' });

/**
 * The form fields for the properties of `schema` (e.g. a version's `properties.spec`): in the
 * design's order where `order` names them, then the rest in schema order.
 */
export function fieldsOf(schema: SchemaProps | undefined, path: readonly string[], order?: FieldOrder): FieldNode[] {
  const props = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  return orderedNames(Object.keys(props), order).map((name) =>
    fieldOf(
      name,
      props[name] ?? {},
      [...path, name],
      required.has(name),
      order?.fields?.find((f) => f.name === name),
    ),
  );
}

/** `names` with those `order` lists first, in its order, then the others as they were. */
export function orderedNames(names: readonly string[], order: FieldOrder | undefined): string[] {
  const listed = (order?.fields ?? []).map((f) => f.name).filter((n) => names.includes(n));
  const seen = new Set(listed);
  return [...new Set(listed), ...names.filter((n) => !seen.has(n))];
}

function fieldOf(
  name: string,
  s: SchemaProps,
  path: readonly string[],
  required: boolean,
  order: FieldOrder | undefined,
): FieldNode {
  const common: Common = { name, path, description: s.description, required, defaultValue: s.default };
  if (s['x-kubernetes-int-or-string'] === true) return { ...common, kind: 'yaml', shape: 'any' };
  if (s.anyOf !== undefined || s.oneOf !== undefined || s['x-kubernetes-preserve-unknown-fields'] === true)
    return { ...common, kind: 'yaml', shape: s.type === 'array' ? 'array' : s.type === 'object' ? 'map' : 'any' };
  if (s.enum !== undefined && s.enum.length > 0 && s.enum.every((v) => typeof v === 'string')) {
    return { ...common, kind: 'enum', options: s.enum };
  }
  switch (s.type) {
    case 'integer':
    case 'number':
      return { ...common, kind: 'number', integer: s.type === 'integer', minimum: s.minimum, maximum: s.maximum };
    case 'string':
      return { ...common, kind: 'string', format: s.format, pattern: s.pattern };
    case 'boolean':
      return { ...common, kind: 'boolean' };
    case 'array': {
      const items = s.items;
      if (items === undefined || Array.isArray(items)) return { ...common, kind: 'yaml', shape: 'array' };
      return { ...common, kind: 'list', item: fieldOf('', items, [], false, order?.items) };
    }
    case 'object': {
      if (s.properties !== undefined && Object.keys(s.properties).length > 0)
        return { ...common, kind: 'object', children: fieldsOf(s, path, order) };
      const extra: unknown = s.additionalProperties;
      if (extra !== null && typeof extra === 'object') {
        const valueOrder = typeof order?.additionalProperties === 'object' ? order.additionalProperties : undefined;
        return { ...common, kind: 'map', value: fieldOf('', extra, [], false, valueOrder) };
      }
      return { ...common, kind: 'yaml', shape: extra === true ? 'map' : 'any' };
    }
    default:
      return { ...common, kind: 'yaml', shape: 'any' };
  }
}

/** A field's children, for an object; none for any other kind. */
const childrenOf = (f: FieldNode): readonly FieldNode[] => (f.kind === 'object' ? f.children : []);

/**
 * The value a new array item or map row starts with: the schema's default, else for an object
 * its children's defaults (and required objects, recursively), else an empty value of its type.
 */
export function newValueFor(f: FieldNode): unknown {
  if (f.defaultValue !== undefined) return structuredClone(f.defaultValue);
  switch (f.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const c of childrenOf(f)) {
        if (c.defaultValue !== undefined) out[c.name] = structuredClone(c.defaultValue);
        else if (c.required && c.kind === 'object') out[c.name] = newValueFor(c);
      }
      return out;
    }
    case 'number':
      return f.minimum !== undefined && f.minimum > 0 ? (f.integer ? Math.ceil(f.minimum) : f.minimum) : 0;
    case 'string':
      return '';
    case 'boolean':
      return false;
    case 'enum':
      return f.options[0] ?? '';
    case 'list':
      return [];
    case 'map':
      return {};
    case 'yaml':
      return f.shape === 'array' ? [] : f.shape === 'map' ? {} : '';
  }
}

/** A path inside the object: property names and array indices. */
export type ValuePath = readonly (string | number)[];
/** One string per path, as the form keys its errors: `spec.ports.0.name`. */
export const pathKey = (path: ValuePath): string => path.join('.');

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const asObject = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * Every required field left empty (absent, null or ""), as paths: at the top level, and inside
 * each object, array item and map value that is present (an absent optional object asks nothing).
 */
export function missingRequired(fields: readonly FieldNode[], value: unknown, at: ValuePath): ValuePath[] {
  const obj = asObject(value) ?? {};
  const out: ValuePath[] = [];
  for (const f of fields) {
    const v = obj[f.name];
    const path = [...at, f.name];
    if (f.required && isEmpty(v)) out.push(path);
    else out.push(...missingInside(f, v, path));
  }
  return out;
}

function missingInside(f: FieldNode, v: unknown, path: ValuePath): ValuePath[] {
  if (isEmpty(v)) return [];
  switch (f.kind) {
    case 'object':
      return missingRequired(f.children, v, path);
    case 'list':
      return Array.isArray(v) ? v.flatMap((item, i) => missingInside(f.item, item, [...path, i])) : [];
    case 'map': {
      const o = asObject(v);
      return o === undefined ? [] : Object.keys(o).flatMap((k) => missingInside(f.value, o[k], [...path, k]));
    }
    default:
      return [];
  }
}

/** The value at `path` in a plain JSON object, or undefined. */
export function getAt(obj: unknown, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * A copy of `obj` with `value` at `path` (intermediate objects created). `undefined` removes the
 * key, and an object left empty by a removal goes too, so clearing a field does not leave `{}`.
 */
export function setAt(obj: unknown, path: readonly string[], value: unknown): Record<string, unknown> {
  const base = obj !== null && typeof obj === 'object' && !Array.isArray(obj) ? (obj as Record<string, unknown>) : {};
  const [head, ...rest] = path;
  if (head === undefined) return base;
  const next = rest.length === 0 ? value : setAt(base[head], rest, value);
  const copy: Record<string, unknown> = { ...base };
  const emptied = value === undefined && next !== null && typeof next === 'object' && Object.keys(next).length === 0;
  if (next === undefined || emptied) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** A copy of `list` with item `from` moved to index `to` (clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/**
 * `obj` with the keys `fields` name first, in the form's order, then any others as they were,
 * so a field set through the form lands in the YAML where the form shows it, not at the end.
 */
export function inFieldOrder(obj: Record<string, unknown>, fields: readonly FieldNode[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (Object.hasOwn(obj, f.name)) out[f.name] = obj[f.name];
  for (const k of Object.keys(obj)) if (!Object.hasOwn(out, k)) out[k] = obj[k];
  return out;
}
