/**
 * Which Go type stands for a field node, the way kubebuilder users write them, and which
 * schema keywords that Go type already produces in controller-gen's output (so no marker is
 * needed for them): int32 → `{type: integer, format: int32}`, resource.Quantity → the
 * int-or-string anyOf plus its pattern, metav1.Time → date-time, and so on.
 */
import type { FieldNode } from '../design/field';
import { QUANTITY_PATTERN } from '../design/kinds';
import type { GoImport } from './model';

export type TypeShape =
  /** A Go type with nothing to declare (`string`, `int32`, `metav1.Time`). */
  | {
      kind: 'plain';
      goType: string;
      consumed: (keyof FieldNode)[];
      imports?: GoImport[];
      external?: boolean;
      pointerWhenOptional?: boolean;
      float?: boolean;
    }
  /** A slice or map of an element node, or a struct of fields, to be declared by the caller. */
  | { kind: 'slice'; element: FieldNode; consumed: (keyof FieldNode)[] }
  | { kind: 'map'; element: FieldNode; consumed: (keyof FieldNode)[] }
  | { kind: 'struct'; consumed: (keyof FieldNode)[] }
  /** No Go type gives this schema: `+kubebuilder:validation:Schemaless` on a RawExtension field. */
  | { kind: 'schemaless'; consumed: (keyof FieldNode)[] };

const INT_OR_STRING_ANYOF = JSON.stringify([{ type: 'integer' }, { type: 'string' }]);

export function isIntOrString(n: FieldNode): boolean {
  return n.intOrString === true && n.type === undefined && JSON.stringify(n.anyOf) === INT_OR_STRING_ANYOF;
}

export function typeShape(n: FieldNode): TypeShape {
  if (n.preset === 'conditions') return { kind: 'plain', goType: '[]metav1.Condition', consumed: ['preset'] };
  if (isIntOrString(n)) {
    return n.pattern === QUANTITY_PATTERN
      ? {
          kind: 'plain',
          goType: 'resource.Quantity',
          consumed: ['intOrString', 'anyOf', 'pattern'],
          imports: ['resource'],
          external: true,
          pointerWhenOptional: true,
        }
      : {
          kind: 'plain',
          goType: 'intstr.IntOrString',
          consumed: ['intOrString', 'anyOf'],
          imports: ['intstr'],
          external: true,
          pointerWhenOptional: true,
        };
  }
  switch (n.type) {
    case 'string':
      if (n.format === 'date-time')
        return {
          kind: 'plain',
          goType: 'metav1.Time',
          consumed: ['type', 'format'],
          external: true,
          pointerWhenOptional: true,
        };
      if (n.format === 'byte') return { kind: 'plain', goType: '[]byte', consumed: ['type', 'format'] };
      if (n.format === 'duration')
        return {
          kind: 'plain',
          goType: 'metav1.Duration',
          consumed: ['type'],
          external: true,
          pointerWhenOptional: true,
        };
      return { kind: 'plain', goType: 'string', consumed: ['type'] };
    case 'integer':
      if (n.format === 'int32' || n.format === 'int64')
        return { kind: 'plain', goType: n.format, consumed: ['type', 'format'], pointerWhenOptional: true };
      return { kind: 'plain', goType: 'int', consumed: ['type'], pointerWhenOptional: true };
    case 'number':
      return { kind: 'plain', goType: 'float64', consumed: ['type'], pointerWhenOptional: true, float: true };
    case 'boolean':
      return { kind: 'plain', goType: 'bool', consumed: ['type'], pointerWhenOptional: true };
    case 'array':
      return n.items
        ? { kind: 'slice', element: n.items, consumed: ['type', 'items'] }
        : { kind: 'schemaless', consumed: [] };
    case 'object':
      if (n.fields) return { kind: 'struct', consumed: ['type', 'fields'] };
      if (typeof n.additionalProperties === 'object')
        return { kind: 'map', element: n.additionalProperties, consumed: ['type', 'additionalProperties'] };
      if (n.preserveUnknownFields === true && n.additionalProperties === undefined) {
        return {
          kind: 'plain',
          goType: 'runtime.RawExtension',
          consumed: ['type', 'preserveUnknownFields'],
          imports: ['runtime'],
          external: true,
        };
      }
      if (n.additionalProperties === undefined) return { kind: 'struct', consumed: ['type'] };
      return { kind: 'schemaless', consumed: [] };
    default:
      return { kind: 'schemaless', consumed: [] };
  }
}

/** Keywords whose markers controller-gen type-checks against the field's own schema, which is
 * only a reference for a named type from another package (so the check fails). */
export const TYPE_CHECKED: readonly (keyof FieldNode)[] = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
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
];

/** `ports` → `Port`, `policies` → `Policy`, `data` → `DataItem`: the element type of a list. */
export function singular(goName: string): string {
  if (/ies$/.test(goName)) return `${goName.slice(0, -3)}y`;
  if (/[^s]s$/.test(goName)) return goName.slice(0, -1);
  return `${goName}Item`;
}
