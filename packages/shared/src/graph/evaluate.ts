// Evaluating the graph's expressions over `self` and the observed children, and rendering
// a template: every string with `${…}` is replaced by its value. CEL values come back as
// JSON (int → number, timestamp → RFC 3339 string) because they go into Kubernetes objects.
import { toCelValue } from '../cel/evaluate';
import { describeCelError } from '../cel/parse';
import type { JSONValue } from '../crd/types';
import { childPath, compileExpression, splitExpressions } from './expressions';

/** CEL variables: `self` and each observed child by id, already converted with toCelValue. */
export type CelContext = Record<string, unknown>;

export function celContext(cr: JSONValue, observed: ReadonlyMap<string, JSONValue | undefined>): CelContext {
  const context: CelContext = { self: toCelValue(cr) };
  for (const [id, obj] of observed) if (obj !== undefined) context[id] = toCelValue(obj);
  return context;
}

export type EvalOutcome =
  | { ok: true; value: JSONValue }
  /** `missing`: a field the expression reads is not there (yet), e.g. a status not reported */
  | { ok: false; missing: boolean; path: string; message: string };

export function evaluateExpression(source: string, context: CelContext, path: string): EvalOutcome {
  const compiled = compileExpression(source);
  if (!compiled.ok) return { ok: false, missing: false, path, message: compiled.message };
  try {
    return { ok: true, value: fromCel(compiled.run(context)) };
  } catch (err) {
    const code = (err as { code?: string }).code;
    const missing = code === 'no_such_key' || code === 'unknown_variable';
    return { ok: false, missing, path, message: `\${${source}}: ${describeCelError(err).message}` };
  }
}

/** A string with `${…}`: one whole expression keeps its type, several are interpolated. */
export function evaluateString(s: string, context: CelContext, path: string): EvalOutcome {
  if (!s.includes('${')) return { ok: true, value: s };
  const split = splitExpressions(s);
  if (!split.ok) return { ok: false, missing: false, path, message: split.message };
  const [only] = split.parts;
  if (split.parts.length === 1 && only !== undefined && 'expr' in only)
    return evaluateExpression(only.expr, context, path);
  let out = '';
  for (const part of split.parts) {
    if ('text' in part) {
      out += part.text;
      continue;
    }
    const r = evaluateExpression(part.expr, context, path);
    if (!r.ok) return r;
    if (r.value === null || typeof r.value === 'object')
      return {
        ok: false,
        missing: false,
        path,
        message: `\${${part.expr}} is inside a longer string, so it must give a string, number or bool`,
      };
    out += String(r.value);
  }
  return { ok: true, value: out };
}

/** A deep copy of a template with every expression evaluated; the first failure stops it. */
export function renderValue(value: JSONValue, context: CelContext, path: string): EvalOutcome {
  if (typeof value === 'string') return evaluateString(value, context, path);
  if (Array.isArray(value)) {
    const out: JSONValue[] = [];
    for (let i = 0; i < value.length; i++) {
      const r = renderValue(value[i]!, context, childPath(path, i));
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (value === null || typeof value !== 'object') return { ok: true, value };
  const out: { [key: string]: JSONValue } = {};
  for (const [k, v] of Object.entries(value)) {
    const r = renderValue(v, context, childPath(path, k));
    if (!r.ok) return r;
    out[k] = r.value;
  }
  return { ok: true, value: out };
}

function fromCel(v: unknown): JSONValue {
  if (typeof v === 'bigint') return Number(v);
  if (v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(fromCel);
  if (v instanceof Map) return Object.fromEntries([...v].map(([k, x]) => [String(k), fromCel(x)]));
  // CEL bytes: Kubernetes writes []byte fields as base64
  if (v instanceof Uint8Array) return btoa(String.fromCharCode(...v));
  if (v !== null && typeof v === 'object') {
    // cel-js wraps uint (and durations) in objects with valueOf; a plain object is a CEL map
    if (Object.getPrototypeOf(v) !== Object.prototype) {
      const inner = (v as { valueOf(): unknown }).valueOf();
      return inner === v ? null : fromCel(inner);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromCel(x)]));
  }
  return v as JSONValue;
}
