/**
 * How a design field's keyword names map to JSON schema keywords in a CRD. Most are the same;
 * the x-kubernetes-* extensions get short names in the design.
 */
import type { FieldNode } from '../design/field';

type PlainKeyword = Exclude<
  keyof FieldNode,
  'fields' | 'items' | 'additionalProperties' | 'preset' | 'goName' | 'extraKeywords'
>;

export const DESIGN_TO_CRD_KEYWORD: Readonly<Record<PlainKeyword, string>> = {
  type: 'type',
  format: 'format',
  title: 'title',
  description: 'description',
  example: 'example',
  default: 'default',
  enum: 'enum',
  nullable: 'nullable',
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'exclusiveMinimum',
  exclusiveMaximum: 'exclusiveMaximum',
  multipleOf: 'multipleOf',
  minLength: 'minLength',
  maxLength: 'maxLength',
  pattern: 'pattern',
  minItems: 'minItems',
  maxItems: 'maxItems',
  uniqueItems: 'uniqueItems',
  minProperties: 'minProperties',
  maxProperties: 'maxProperties',
  allOf: 'allOf',
  anyOf: 'anyOf',
  oneOf: 'oneOf',
  not: 'not',
  listType: 'x-kubernetes-list-type',
  listMapKeys: 'x-kubernetes-list-map-keys',
  mapType: 'x-kubernetes-map-type',
  preserveUnknownFields: 'x-kubernetes-preserve-unknown-fields',
  embeddedResource: 'x-kubernetes-embedded-resource',
  intOrString: 'x-kubernetes-int-or-string',
  validations: 'x-kubernetes-validations',
};

export const PLAIN_KEYWORDS = Object.keys(DESIGN_TO_CRD_KEYWORD) as PlainKeyword[];

export const CRD_TO_DESIGN_KEYWORD: ReadonlyMap<string, PlainKeyword> = new Map(
  PLAIN_KEYWORDS.map((k) => [DESIGN_TO_CRD_KEYWORD[k], k]),
);
