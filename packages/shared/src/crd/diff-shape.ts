// Schemas arrive from YAML the user is typing: any keyword may hold any JSON. This
// returns a copy in which every keyword has the type apiextensions v1 gives it, and
// reports each keyword it had to drop, so the diff and the validators can rely on types.
// (Shared by diff-schema and validate/; lives here to keep the diff self-contained.)
import { childPath, itemsPath, mapValuesPath } from './diff-path';
import type { JSONSchemaProps } from './types';

export interface ShapeProblem {
  path: string;
  message: string;
}

type Kind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'strings'
  | 'values'
  | 'schema'
  | 'schemas'
  | 'schemaMap'
  | 'schemaOrBool'
  | 'rules'
  | 'any';

const KINDS: Record<string, Kind> = {
  id: 'string',
  $schema: 'string',
  $ref: 'string',
  description: 'string',
  type: 'string',
  format: 'string',
  title: 'string',
  pattern: 'string',
  'x-kubernetes-list-type': 'string',
  'x-kubernetes-map-type': 'string',
  maximum: 'number',
  minimum: 'number',
  maxLength: 'number',
  minLength: 'number',
  maxItems: 'number',
  minItems: 'number',
  multipleOf: 'number',
  maxProperties: 'number',
  minProperties: 'number',
  exclusiveMaximum: 'boolean',
  exclusiveMinimum: 'boolean',
  uniqueItems: 'boolean',
  nullable: 'boolean',
  'x-kubernetes-preserve-unknown-fields': 'boolean',
  'x-kubernetes-embedded-resource': 'boolean',
  'x-kubernetes-int-or-string': 'boolean',
  required: 'strings',
  'x-kubernetes-list-map-keys': 'strings',
  enum: 'values',
  not: 'schema',
  allOf: 'schemas',
  anyOf: 'schemas',
  oneOf: 'schemas',
  properties: 'schemaMap',
  patternProperties: 'schemaMap',
  definitions: 'schemaMap',
  dependencies: 'any',
  additionalProperties: 'schemaOrBool',
  additionalItems: 'schemaOrBool',
  items: 'any',
  'x-kubernetes-validations': 'rules',
  default: 'any',
  example: 'any',
  externalDocs: 'any',
};

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const KIND_TEXT: Record<Kind, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  strings: 'a list of strings',
  values: 'a list',
  schema: 'a schema object',
  schemas: 'a list of schema objects',
  schemaMap: 'a map of field names to schemas',
  schemaOrBool: 'a schema object or a boolean',
  rules: 'a list of {rule, message} objects',
  any: 'a value',
};

/** Whether `value` has the type apiextensions v1 gives a keyword of this kind. */
function fits(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'values':
      return Array.isArray(value);
    case 'schema':
      return isObject(value);
    case 'schemas':
      return Array.isArray(value) && value.every(isObject);
    case 'schemaMap':
      return isObject(value) && Object.values(value).every(isObject);
    case 'schemaOrBool':
      return typeof value === 'boolean' || isObject(value);
    case 'rules':
      return Array.isArray(value) && value.every((r) => isObject(r) && typeof r.rule === 'string');
    case 'any':
      return value !== undefined;
  }
}

export function shapeSchema(input: unknown, path: string, problems: ShapeProblem[] = []): JSONSchemaProps {
  if (!isObject(input)) {
    problems.push({ path, message: `expected a schema object, found ${JSON.stringify(input) ?? 'nothing'}` });
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const kind = KINDS[key];
    if (kind === undefined) {
      problems.push({ path, message: `unknown keyword "${key}": check its spelling` });
      continue;
    }
    const ok = fits(kind, value);
    if (!ok) {
      problems.push({ path, message: `${key} must be ${KIND_TEXT[kind]}` });
      continue;
    }
    if (key === 'not' || (key === 'additionalProperties' && isObject(value)))
      out[key] = shapeSchema(value, key === 'not' ? `${path} not` : mapValuesPath(path), problems);
    else if (kind === 'schemas')
      out[key] = (value as unknown[]).map((v, i) => shapeSchema(v, `${path} ${key}[${i}]`, problems));
    else if (key === 'properties')
      out[key] = Object.fromEntries(
        Object.entries(value as object).map(([k, v]) => [k, shapeSchema(v, childPath(path, k), problems)]),
      );
    else if (key === 'items')
      out[key] = Array.isArray(value)
        ? value.map((v, i) => shapeSchema(v, `${itemsPath(path)}[${i}]`, problems))
        : shapeSchema(value, itemsPath(path), problems);
    else out[key] = value;
  }
  return out;
}
