// The spec form's model, derived from a CRD version's openAPIV3Schema: one node per property,
// typed by what the form can edit in place (numbers, strings, enums, booleans, nested objects).
// Whatever a single input cannot express well (arrays, maps, int-or-string, free-form objects)
// becomes a `yaml` node, edited as a small YAML block.

import type { JSONSchemaProps } from '@opstudio/shared/crd/types';

export type SchemaProps = JSONSchemaProps;

interface Common {
  readonly name: string;
  /** From the object root, e.g. ['spec', 'size']. */
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
  | (Common & { readonly kind: 'yaml'; readonly shape: 'array' | 'map' | 'any' });

/** The form fields for the properties of `schema` (e.g. a version's `properties.spec`), in schema order. */
export function fieldsOf(schema: SchemaProps | undefined, path: readonly string[]): FieldNode[] {
  const props = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  return Object.entries(props).map(([name, child]) => fieldOf(name, child, [...path, name], required.has(name)));
}

function fieldOf(name: string, s: SchemaProps, path: readonly string[], required: boolean): FieldNode {
  const common: Common = { name, path, description: s.description, required, defaultValue: s.default };
  if (s['x-kubernetes-int-or-string'] === true) return { ...common, kind: 'yaml', shape: 'any' };
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
    case 'array':
      return { ...common, kind: 'yaml', shape: 'array' };
    case 'object':
      if (s.properties !== undefined && Object.keys(s.properties).length > 0)
        return { ...common, kind: 'object', children: fieldsOf(s, path) };
      return {
        ...common,
        kind: 'yaml',
        shape: s.additionalProperties !== undefined && s.additionalProperties !== false ? 'map' : 'any',
      };
    default:
      return { ...common, kind: 'yaml', shape: 'any' };
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
