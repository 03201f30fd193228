// JSON → cel-js values, for the graph's expressions until they move to the CEL module (then this
// file goes; validation rules no longer use cel-js: see validate/cel-engine-issues.ts).
import type { JSONSchemaProps, JSONValue } from '../crd/types';

/**
 * JSON → CEL values. CEL keeps int and double apart, so integers become bigint when the
 * schema says `integer` (or int-or-string) or, with no schema, when the number is whole;
 * date and date-time strings become timestamps, as in Kubernetes.
 */
export function toCelValue(value: JSONValue | undefined, schema?: JSONSchemaProps): unknown {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') {
    const wantsDouble = schema?.type === 'number';
    return Number.isInteger(value) && !wantsDouble ? BigInt(value) : value;
  }
  if (typeof value === 'string' && (schema?.format === 'date-time' || schema?.format === 'date')) {
    // Kubernetes hands date and date-time strings to CEL as timestamps
    const t = new Date(value);
    return Number.isNaN(t.getTime()) ? value : t;
  }
  if (Array.isArray(value)) {
    const items = schema?.items !== undefined && !Array.isArray(schema.items) ? schema.items : undefined;
    return value.map((v) => toCelValue(v, items));
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const extra = typeof schema?.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    for (const [k, v] of Object.entries(value)) out[k] = toCelValue(v, schema?.properties?.[k] ?? extra);
    return out;
  }
  return value;
}
