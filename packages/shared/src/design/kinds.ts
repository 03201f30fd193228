/**
 * The field kinds a form offers ("int32", "map of strings", "quantity", "conditions", …) and
 * the schema keywords each one stands for, as controller-gen writes them for the Go type. The
 * design stores keywords, not kinds, so any CRD fits; `fieldKind` reads the kind back.
 */
import type { FieldNode } from './field';

export const FIELD_KINDS = [
  'string',
  'int32',
  'int64',
  'number',
  'boolean',
  'object',
  'array',
  'map',
  'int-or-string',
  'quantity',
  'date-time',
  'duration',
  'byte',
  'raw',
  'embedded',
  'conditions',
  'custom',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** resource.Quantity's pattern, as controller-gen writes it. */
export const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

const INT_OR_STRING: FieldNode = { anyOf: [{ type: 'integer' }, { type: 'string' }], intOrString: true };

/** The keywords that make a field of `kind` (an empty object for `custom`). */
export function kindKeywords(kind: FieldKind): FieldNode {
  switch (kind) {
    case 'string':
      return { type: 'string' };
    case 'int32':
      return { type: 'integer', format: 'int32' };
    case 'int64':
      return { type: 'integer', format: 'int64' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'object':
      return { type: 'object', fields: [] };
    case 'array':
      return { type: 'array', items: { type: 'string' } };
    case 'map':
      return { type: 'object', additionalProperties: { type: 'string' } };
    case 'int-or-string':
      return structuredClone(INT_OR_STRING);
    case 'quantity':
      return { ...structuredClone(INT_OR_STRING), pattern: QUANTITY_PATTERN };
    case 'date-time':
      return { type: 'string', format: 'date-time' };
    case 'duration':
      return { type: 'string', format: 'duration' };
    case 'byte':
      return { type: 'string', format: 'byte' };
    case 'raw':
      return { type: 'object', preserveUnknownFields: true };
    case 'embedded':
      return { type: 'object', embeddedResource: true, preserveUnknownFields: true };
    case 'conditions':
      return { preset: 'conditions' };
    case 'custom':
      return {};
  }
}

const isIntOrString = (n: FieldNode): boolean =>
  n.intOrString === true && n.type === undefined && JSON.stringify(n.anyOf) === JSON.stringify(INT_OR_STRING.anyOf);

/** Which kind a field is, for the form's type picker (`custom` when no kind fits). */
export function fieldKind(n: FieldNode): FieldKind {
  if (n.preset === 'conditions') return 'conditions';
  if (isIntOrString(n)) return n.pattern === QUANTITY_PATTERN ? 'quantity' : 'int-or-string';
  switch (n.type) {
    case 'string':
      if (n.format === 'date-time' || n.format === 'duration' || n.format === 'byte') return n.format;
      return 'string';
    case 'integer':
      return n.format === 'int64' ? 'int64' : 'int32';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    case 'object':
      if (n.embeddedResource) return 'embedded';
      if (n.additionalProperties !== undefined && n.additionalProperties !== false && !n.fields) return 'map';
      if (n.preserveUnknownFields && !n.fields) return 'raw';
      return 'object';
    default:
      return 'custom';
  }
}

/** Switches a field to `kind`: drops the keywords of its old kind, keeps description, validation and the rest. */
export function withKind<T extends FieldNode>(node: T, kind: FieldKind): T {
  const old = kindKeywords(fieldKind(node));
  const out = { ...node } as Record<string, unknown>;
  for (const k of Object.keys(old)) delete out[k];
  for (const k of [
    'type',
    'format',
    'items',
    'additionalProperties',
    'fields',
    'preset',
    'anyOf',
    'intOrString',
    'embeddedResource',
    'preserveUnknownFields',
  ] as const) {
    if (kind !== 'custom') delete out[k];
  }
  return { ...out, ...kindKeywords(kind) } as T;
}
