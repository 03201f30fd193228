// allOf / anyOf / oneOf / not may only restrict values: no types, defaults, titles,
// descriptions, nullable or x-kubernetes extensions inside them, no `metadata`, and every
// field they mention must exist in the structural part of the schema. The two
// int-or-string spellings controller-gen writes are the exception.
import type { JSONSchemaProps } from '../crd/types';
import { error, type Issue } from './issue';

const FORBIDDEN: [keyof JSONSchemaProps, string][] = [
  ['type', 'type'],
  ['additionalProperties', 'additionalProperties'],
  ['default', 'default'],
  ['title', 'title'],
  ['description', 'description'],
  ['nullable', 'nullable'],
  ['x-kubernetes-preserve-unknown-fields', 'x-kubernetes-preserve-unknown-fields'],
  ['x-kubernetes-embedded-resource', 'x-kubernetes-embedded-resource'],
  ['x-kubernetes-int-or-string', 'x-kubernetes-int-or-string'],
  ['x-kubernetes-list-map-keys', 'x-kubernetes-list-map-keys'],
  ['x-kubernetes-list-type', 'x-kubernetes-list-type'],
];

function isIntOrStringAnyOf(anyOf: JSONSchemaProps[] | undefined): boolean {
  return (
    anyOf?.length === 2 &&
    anyOf[0]?.type === 'integer' &&
    anyOf[1]?.type === 'string' &&
    Object.keys(anyOf[0]).length === 1 &&
    Object.keys(anyOf[1]).length === 1
  );
}

function nested(v: JSONSchemaProps, outer: JSONSchemaProps | undefined, p: string, out: Issue[]): void {
  for (const [key, name] of FORBIDDEN) {
    if (v[key] !== undefined && v[key] !== false)
      out.push(error(p, `${name} is not allowed inside allOf/anyOf/oneOf/not: move it to the field itself`));
  }
  if (v.properties?.metadata !== undefined)
    out.push(error(p, 'metadata cannot be restricted inside allOf/anyOf/oneOf/not'));
  for (const [name, child] of Object.entries(v.properties ?? {})) {
    const structural = outer?.properties?.[name];
    if (outer !== undefined && structural === undefined && outer['x-kubernetes-preserve-unknown-fields'] !== true) {
      out.push(
        error(p, `"${name}" is restricted here but is not a property of the field: declare it under properties too`),
      );
    }
    nested(child, structural, `${p}.properties.${name}`, out);
  }
  if (v.items !== undefined && !Array.isArray(v.items)) {
    const it = outer?.items !== undefined && !Array.isArray(outer.items) ? outer.items : undefined;
    nested(v.items, it, `${p}.items`, out);
  }
  walkJunctors(v, outer, p, out, false);
}

function walkJunctors(
  v: JSONSchemaProps,
  outer: JSONSchemaProps | undefined,
  p: string,
  out: Issue[],
  top: boolean,
): void {
  const skipAnyOf = top && isIntOrStringAnyOf(v.anyOf);
  if (!skipAnyOf) (v.anyOf ?? []).forEach((s, i) => nested(s, outer, `${p} anyOf[${i}]`, out));
  const skipFirstAllOf = top && isIntOrStringAnyOf(v.allOf?.[0]?.anyOf);
  (v.allOf ?? []).forEach((s, i) => {
    if (skipFirstAllOf && i === 0) {
      const { anyOf: _ignored, ...rest } = s;
      nested(rest, outer, `${p} allOf[0]`, out);
    } else nested(s, outer, `${p} allOf[${i}]`, out);
  });
  (v.oneOf ?? []).forEach((s, i) => nested(s, outer, `${p} oneOf[${i}]`, out));
  if (v.not !== undefined) nested(v.not, outer, `${p} not`, out);
}

export function validateValueValidations(node: JSONSchemaProps, p: string, out: Issue[]): void {
  walkJunctors(node, node, p, out, true);
}
