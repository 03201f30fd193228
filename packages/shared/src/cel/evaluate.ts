// Evaluating a rule against a value (the sample CR, or a field of it). Kubernetes
// functions the library cannot run (url(), quantity(), ip(), semver(), format() …)
// make the result `unsupported`, never a false "rule failed": the API server stays
// the authority for those.
import type { JSONSchemaProps, JSONValue } from '../crd/types';
import { celEnvironment } from './env';
import { describeCelError } from './parse';

export type CelEvalResult =
  { ok: true; value: unknown } | { ok: false; reason: 'unsupported' | 'error'; message: string; offset?: number };

export interface CelBindings {
  self: JSONValue | undefined;
  oldSelf?: JSONValue | undefined;
}

const UNSUPPORTED_CODES = new Set(['no_matching_overload', 'unknown_function', 'function_not_found']);

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

export function evaluateCel(rule: string, bindings: CelBindings, schema?: JSONSchemaProps): CelEvalResult {
  const env = celEnvironment();
  const context: Record<string, unknown> = { self: toCelValue(bindings.self, schema) };
  if ('oldSelf' in bindings) context.oldSelf = toCelValue(bindings.oldSelf, schema);
  try {
    return { ok: true, value: env.evaluate(rule, context) };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const described = describeCelError(err);
    if (UNSUPPORTED_CODES.has(code)) {
      return { ok: false, reason: 'unsupported', ...described, message: `not evaluated locally: ${described.message}` };
    }
    return { ok: false, reason: 'error', ...described };
  }
}
