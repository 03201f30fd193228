/**
 * One node of a design's schema tree, shaped for a form: named children in order (`fields`),
 * an `items` node for arrays, an `additionalProperties` node for maps, and every structural
 * schema keyword of apiextensions.k8s.io/v1 under a readable name. Anything a form cannot
 * edit (allOf/anyOf/oneOf/not, `$ref`, patternProperties, …) is kept as raw schema so a
 * CRD imports and regenerates without loss.
 */
import { z } from 'zod';

/** JSON as a design's templates hold it, and as the API server and the browser receive it: numbers are doubles. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A value inside a CRD schema (`default`, `enum`, `example`, raw keywords): JSON, except that an
 * integer beyond ±(2^53 − 1) is a bigint, digit for digit, as Go keeps apiextensions' raw JSON
 * (docs/design/0044). Only the CRD writers, the Go marker writer and the sample read these.
 */
export type SchemaValue = string | number | bigint | boolean | null | SchemaValue[] | { [key: string]: SchemaValue };

/**
 * JSON values are checked in place, never rebuilt: zod's record schema copies objects key by
 * key and so loses a key named `__proto__`, which a CRD's example or default may well hold.
 */
export function isJsonValue(value: unknown): value is JsonValue {
  return isValue(value, false);
}

export function isSchemaValue(value: unknown): value is SchemaValue {
  return isValue(value, true);
}

function isValue(value: unknown, exact: boolean): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'bigint') return exact;
  if (Array.isArray(value)) return value.every((v) => isValue(v, exact));
  return isObject(value, exact);
}

function isObject(value: unknown, exact: boolean): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.keys(value).every((k) => isValue((value as Record<string, unknown>)[k], exact));
}

/** Whether a bigint is anywhere in `value` (a JSON writer or a marker must then write it specially). */
export function holdsBigInt(value: unknown): boolean {
  if (typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(holdsBigInt);
}

export const JSON_VALUE: z.ZodType<JsonValue> = z.custom<JsonValue>(isJsonValue, {
  error: (issue) =>
    holdsBigInt(issue.input)
      ? `an integer beyond ±${Number.MAX_SAFE_INTEGER} is not kept exactly here (JSON numbers are doubles): write it as a string`
      : 'expected a JSON value (string, number, boolean, null, list or map)',
});

export const SCHEMA_VALUE: z.ZodType<SchemaValue> = z.custom<SchemaValue>(
  isSchemaValue,
  'expected a JSON value (string, number, boolean, null, list or map)',
);

/** Raw JSON schema (CRD keywords as written in a CRD), for allOf/anyOf/oneOf/not and extras. */
export const RAW_SCHEMA = z.custom<{ [key: string]: SchemaValue }>(
  (v) => isObject(v, true),
  'expected a map of JSON schema keywords',
);
export type RawSchema = z.infer<typeof RAW_SCHEMA>;

/**
 * A numeric keyword (float64 or int64 in Go): an integer literal the parser kept as a bigint
 * becomes the nearest double, as encoding/json reads it into Go's float64.
 */
const NUMBER = z.union([z.number(), z.bigint().transform(Number)]);

export const SCHEMA_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

/** What a form kind typed as a `type:` stands for in a schema (the form writes these keywords). */
const FORM_KIND_KEYWORDS: Readonly<Record<string, string>> = {
  quantity: "intOrString: true, anyOf: [{type: integer}, {type: string}] and resource.Quantity's pattern (no type)",
  'int-or-string': 'intOrString: true and anyOf: [{type: integer}, {type: string}] (no type)',
  int32: 'type: integer with format: int32',
  int64: 'type: integer with format: int64',
  map: 'type: object with additionalProperties',
  'date-time': 'type: string with format: date-time',
  duration: 'type: string with format: duration',
  byte: 'type: string with format: byte',
};

/** The words for a `type:` that is not a schema type, with the keywords meant when it names a form kind. */
export function schemaTypeProblem(input: unknown): string {
  const allowed = `must be one of ${SCHEMA_TYPES.join(', ')}`;
  if (typeof input !== 'string') return `${allowed} (found ${JSON.stringify(input) ?? 'nothing'})`;
  const meant = FORM_KIND_KEYWORDS[input];
  if (meant === undefined) return `${allowed} (found ${JSON.stringify(input)})`;
  return `${allowed}: "${input}" is a kind the form offers, written in the schema as ${meant} (pick "${input}" as the field's type in the form to have them written)`;
}

/** Formats the form offers; any other string is accepted as well (the API server ignores unknown ones). */
export const KNOWN_FORMATS = [
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'date',
  'date-time',
  'duration',
  'password',
  'uri',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'cidr',
  'mac',
  'uuid',
] as const;

export const LIST_TYPES = ['atomic', 'set', 'map'] as const;
export const MAP_TYPES = ['atomic', 'granular'] as const;
export const RULE_REASONS = [
  'FieldValueInvalid',
  'FieldValueForbidden',
  'FieldValueRequired',
  'FieldValueDuplicate',
] as const;
/** Presets expand to a fixed schema; `conditions` is metav1.Condition's list as controller-gen writes it. */
export const FIELD_PRESETS = ['conditions'] as const;

export const VALIDATION_RULE = z.strictObject({
  rule: z.string(),
  message: z.string().optional(),
  messageExpression: z.string().optional(),
  fieldPath: z.string().optional(),
  reason: z.enum(RULE_REASONS).optional(),
  optionalOldSelf: z.boolean().optional(),
});
export type ValidationRuleDesign = z.infer<typeof VALIDATION_RULE>;

const GO_IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The zod schema of each plain keyword of a field node (import checks CRD values against these). */
export const FIELD_KEYWORDS = {
  preset: z.enum(FIELD_PRESETS).optional(),
  goName: z
    .string()
    .regex(GO_IDENT, 'must be a Go identifier (letters, digits, _; not starting with a digit)')
    .optional(),
  type: z.enum(SCHEMA_TYPES, { error: (issue) => schemaTypeProblem(issue.input) }).optional(),
  format: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  example: SCHEMA_VALUE.optional(),
  default: SCHEMA_VALUE.optional(),
  enum: z.array(SCHEMA_VALUE).optional(),
  nullable: z.boolean().optional(),
  minimum: NUMBER.optional(),
  maximum: NUMBER.optional(),
  exclusiveMinimum: z.boolean().optional(),
  exclusiveMaximum: z.boolean().optional(),
  multipleOf: NUMBER.optional(),
  minLength: NUMBER.pipe(z.number().int().nonnegative()).optional(),
  maxLength: NUMBER.pipe(z.number().int().nonnegative()).optional(),
  pattern: z.string().optional(),
  minItems: NUMBER.pipe(z.number().int().nonnegative()).optional(),
  maxItems: NUMBER.pipe(z.number().int().nonnegative()).optional(),
  uniqueItems: z.boolean().optional(),
  minProperties: NUMBER.pipe(z.number().int().nonnegative()).optional(),
  maxProperties: NUMBER.pipe(z.number().int().nonnegative()).optional(),
  allOf: z.array(RAW_SCHEMA).optional(),
  anyOf: z.array(RAW_SCHEMA).optional(),
  oneOf: z.array(RAW_SCHEMA).optional(),
  not: RAW_SCHEMA.optional(),
  listType: z.enum(LIST_TYPES).optional(),
  listMapKeys: z.array(z.string()).optional(),
  mapType: z.enum(MAP_TYPES).optional(),
  preserveUnknownFields: z.boolean().optional(),
  embeddedResource: z.boolean().optional(),
  intOrString: z.boolean().optional(),
  validations: z.array(VALIDATION_RULE).optional(),
  /** Schema keywords the form does not model, written into the CRD as they are. */
  extraKeywords: RAW_SCHEMA.optional(),
};

export interface FieldNode {
  preset?: (typeof FIELD_PRESETS)[number];
  goName?: string;
  type?: SchemaType;
  format?: string;
  title?: string;
  description?: string;
  example?: SchemaValue;
  default?: SchemaValue;
  enum?: SchemaValue[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  allOf?: RawSchema[];
  anyOf?: RawSchema[];
  oneOf?: RawSchema[];
  not?: RawSchema;
  listType?: (typeof LIST_TYPES)[number];
  listMapKeys?: string[];
  mapType?: (typeof MAP_TYPES)[number];
  preserveUnknownFields?: boolean;
  embeddedResource?: boolean;
  intOrString?: boolean;
  validations?: ValidationRuleDesign[];
  extraKeywords?: RawSchema;
  /** Object properties, in Go struct order (which is also the order of `required`). */
  fields?: NamedField[];
  /** The element schema of an array. */
  items?: FieldNode;
  /** A map's value schema (or `true`/`false` as in JSON schema). */
  additionalProperties?: FieldNode | boolean;
}

export interface NamedField extends FieldNode {
  /** The JSON name, as it appears in the CR. */
  name: string;
  /** Listed in the parent's `required`. */
  required?: boolean;
}

/** Children of one object: each name once (they become the keys of `properties`). */
const CHILDREN = z.array(z.lazy(() => NAMED_FIELD)).superRefine((fields, ctx) => {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.name))
      ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `two fields are named "${f.name}": rename one` });
    seen.add(f.name);
  });
});

// The objects are built once (the recursion goes through z.lazy on the children), so tools
// that walk the schema, like the kitchen-sink coverage test, see one object per node kind.
export const FIELD_NODE: z.ZodType<FieldNode> = z.strictObject({
  ...FIELD_KEYWORDS,
  fields: CHILDREN.optional(),
  items: z.lazy(() => FIELD_NODE).optional(),
  additionalProperties: z.union([z.boolean(), z.lazy(() => FIELD_NODE)]).optional(),
});

export const NAMED_FIELD: z.ZodType<NamedField> = z.strictObject({
  name: z
    .string()
    .min(1, 'a field needs a name')
    .refine((n) => n !== '__proto__', 'the field name __proto__ is reserved'),
  required: z.boolean().optional(),
  ...FIELD_KEYWORDS,
  fields: CHILDREN.optional(),
  items: z.lazy(() => FIELD_NODE).optional(),
  additionalProperties: z.union([z.boolean(), z.lazy(() => FIELD_NODE)]).optional(),
});

/** Every keyword a field node may carry, in the order the design YAML writes them. */
export const FIELD_KEY_ORDER = [
  'name',
  'goName',
  'required',
  'preset',
  'type',
  'format',
  'title',
  'description',
  'example',
  'default',
  'enum',
  'nullable',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'listType',
  'listMapKeys',
  'mapType',
  'preserveUnknownFields',
  'embeddedResource',
  'intOrString',
  'validations',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'extraKeywords',
  'items',
  'additionalProperties',
  'fields',
] as const;
