// Checks a JSON value against a schema node the way the API server validates an object
// (types, enum, bounds, lengths, pattern, required, unknown fields, list-map keys).
// Used for defaults (which must satisfy their own field) and for the sample CR.
// allOf/anyOf/oneOf/not and formats beyond int32/int64/date-time are left to the server.
import { childPath } from '../crd/diff-path';
import { canonicalJson, show } from '../crd/diff-json';
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { checkPattern } from './structural';

export interface ValueProblem {
  path: string;
  message: string;
}

function typeOf(v: JSONValue): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'bigint') return 'integer'; // beyond 2^53, kept exact (docs/design/0044)
  return typeof v;
}

function fits(type: string, v: JSONValue): boolean {
  const t = typeOf(v);
  return t === type || (type === 'number' && t === 'integer');
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function checkScalar(s: JSONSchemaProps, exact: JSONValue, problem: (m: string) => void): void {
  // the API server compares bounds in float64, as Go's validator does: a bigint rounds to its double
  if (typeof exact === 'number' || typeof exact === 'bigint') {
    const v = Number(exact);
    const shown = String(exact);
    if (s.minimum !== undefined && (v < s.minimum || (s.exclusiveMinimum === true && v === s.minimum))) {
      problem(`${shown} is below the ${s.exclusiveMinimum ? 'exclusive ' : ''}minimum ${s.minimum}`);
    }
    if (s.maximum !== undefined && (v > s.maximum || (s.exclusiveMaximum === true && v === s.maximum))) {
      problem(`${shown} is above the ${s.exclusiveMaximum ? 'exclusive ' : ''}maximum ${s.maximum}`);
    }
    if (s.multipleOf !== undefined && s.multipleOf > 0 && !Number.isInteger(v / s.multipleOf))
      problem(`${shown} is not a multiple of ${s.multipleOf}`);
    if (s.format === 'int32' && (v < -(2 ** 31) || v >= 2 ** 31)) problem(`${shown} does not fit in an int32`);
  }
  if (typeof exact === 'string') {
    const v = exact;
    const length = [...v].length;
    if (s.minLength !== undefined && length < s.minLength)
      problem(`${show(v)} is shorter than minLength ${s.minLength}`);
    if (s.maxLength !== undefined && length > s.maxLength)
      problem(`${show(v)} is longer than maxLength ${s.maxLength}`);
    if (s.pattern !== undefined && checkPattern(s.pattern) === undefined && !new RegExp(s.pattern).test(v)) {
      problem(`${show(v)} does not match the pattern ${s.pattern}`);
    }
    if (s.format === 'date-time' && !RFC3339.test(v))
      problem(`${show(v)} is not an RFC 3339 date-time such as 2024-01-02T15:04:05Z`);
  }
}

/** `isObjectRoot`: v is a whole Kubernetes object, whose apiVersion, kind and metadata the schema need not declare. */
export function validateValue(s: JSONSchemaProps, v: JSONValue, path = '.', isObjectRoot = false): ValueProblem[] {
  const out: ValueProblem[] = [];
  const problem = (message: string, at = path): void => void out.push({ path: at, message });
  if (v === null) {
    if (s.nullable !== true) problem('null is not allowed here (set nullable: true to allow it)');
    return out;
  }
  if (s['x-kubernetes-int-or-string'] === true) {
    if (typeOf(v) !== 'integer' && typeof v !== 'string') problem(`${show(v)} must be an integer or a string`);
  } else if (s.type !== undefined && !fits(s.type, v)) {
    problem(
      `${show(v)} is ${typeOf(v) === 'integer' ? 'an integer' : `a${/^[aeiou]/.test(typeOf(v)) ? 'n' : ''} ${typeOf(v)}`}, the field is ${s.type}`,
    );
    return out;
  }
  if (s.enum !== undefined && !s.enum.some((e) => canonicalJson(e) === canonicalJson(v))) {
    problem(`${show(v)} is not one of the allowed values ${s.enum.map((e) => show(e)).join(', ')}`);
  }
  checkScalar(s, v, (m) => problem(m));

  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems)
      problem(`has ${v.length} items, fewer than minItems ${s.minItems}`);
    if (s.maxItems !== undefined && v.length > s.maxItems)
      problem(`has ${v.length} items, more than maxItems ${s.maxItems}`);
    const items = s.items !== undefined && !Array.isArray(s.items) ? s.items : undefined;
    const base = path === '.' ? '' : path;
    if (items) v.forEach((x, i) => out.push(...validateValue(items, x, `${base}[${i}]`)));
    const listType = s['x-kubernetes-list-type'];
    if (listType === 'set' || listType === 'map') {
      const keys = s['x-kubernetes-list-map-keys'] ?? [];
      const ids = v.map((x) =>
        listType === 'set' ? canonicalJson(x) : canonicalJson(keys.map((k) => (x as Record<string, JSONValue>)?.[k])),
      );
      const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
      if (dup >= 0)
        problem(`entry ${dup} duplicates an earlier entry${listType === 'map' ? ` (same ${keys.join(', ')})` : ''}`);
    }
  } else if (typeof v === 'object') {
    const n = Object.keys(v).length;
    if (s.minProperties !== undefined && n < s.minProperties)
      problem(`has ${n} properties, fewer than minProperties ${s.minProperties}`);
    if (s.maxProperties !== undefined && n > s.maxProperties)
      problem(`has ${n} properties, more than maxProperties ${s.maxProperties}`);
    for (const req of s.required ?? []) if (!(req in v)) problem(`required field "${req}" is missing`);
    const extra = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    const free =
      s['x-kubernetes-preserve-unknown-fields'] === true ||
      s.additionalProperties === true ||
      (s.properties === undefined && extra === undefined);
    for (const [k, x] of Object.entries(v)) {
      const child = s.properties?.[k] ?? extra;
      if (child) out.push(...validateValue(child, x, childPath(path, k)));
      else if (!free && !(isObjectRoot && ['apiVersion', 'kind', 'metadata'].includes(k))) {
        problem(`unknown field "${k}" (the API server would drop it)`, childPath(path, k));
      }
    }
  }
  return out;
}
