// Evaluating the graph's expressions over `self` and the observed children, and rendering
// a template: every string with `${…}` is replaced by its value. Values come back from the
// engine as JSON (int → number, timestamp → RFC 3339 string) because they go into Kubernetes
// objects. Each evaluation's cost counts against the reconcile's budget, the API server's
// per-object figure: past it, every later expression fails naming where the budget ran out.
import { CEL_PENDING, celEngine, type CelEngine, type CelEvaluated } from '../cel/engine';
import type { JSONValue } from '../crd/types';
import { childPath, collectExpressions, graphVariables, splitExpressions, type ExpressionSite } from './expressions';

/** The variables of one plan (self and each observed child by id), held by the engine. */
export interface CelContext {
  readonly engine: CelEngine;
  readonly vars: readonly string[];
  readonly id: number;
  /** the cost spent so far in this plan */
  spent: number;
  /** where the budget ran out, once it has */
  exhaustedAt?: string;
}

/** Opens the variables for a plan; undefined while the engine is loading. Close it after. */
export function openCelContext(
  ids: Iterable<string>,
  cr: JSONValue,
  observed: ReadonlyMap<string, JSONValue | undefined>,
): CelContext | undefined {
  const engine = celEngine();
  if (engine === undefined) return undefined;
  const values: Record<string, JSONValue> = { self: cr };
  for (const [id, obj] of observed) if (obj !== undefined) values[id] = obj;
  return { engine, vars: graphVariables(ids), id: engine.context(values), spent: 0 };
}

export function closeCelContext(context: CelContext): void {
  context.engine.release(context.id);
}

/**
 * A context with `vars` set over `parent`'s (a collection's element, or a collection bound to its
 * observed objects), declaring `names` besides the parent's. Its cost counts against the same
 * budget: `settleCelContext` hands what it spent back to the parent.
 */
export function deriveCelContext(
  parent: CelContext,
  vars: Readonly<Record<string, JSONValue>>,
  names: readonly string[] = [],
): CelContext {
  const declared = [...parent.vars, ...names.filter((n) => !parent.vars.includes(n))];
  const derived: CelContext = {
    engine: parent.engine,
    vars: declared,
    id: parent.engine.context(vars, parent.id),
    spent: parent.spent,
  };
  if (parent.exhaustedAt !== undefined) derived.exhaustedAt = parent.exhaustedAt;
  return derived;
}

/** Releases a derived context, its spending carried over to `to`. */
export function settleCelContext(derived: CelContext, to: CelContext): void {
  to.spent = derived.spent;
  if (derived.exhaustedAt !== undefined) to.exhaustedAt = derived.exhaustedAt;
  closeCelContext(derived);
}

/** Runs `fn` in a context with `vars` over `parent`'s (undefined while the engine loads). */
export function inElement<T>(
  parent: CelContext | undefined,
  vars: Readonly<Record<string, JSONValue>>,
  fn: (context: CelContext | undefined) => T,
): T {
  if (parent === undefined) return fn(undefined);
  const derived = deriveCelContext(parent, vars, Object.keys(vars));
  try {
    return fn(derived);
  } finally {
    settleCelContext(derived, parent);
  }
}

export type EvalOutcome =
  | { ok: true; value: JSONValue }
  /** `missing`: a field the expression reads is not there (yet), e.g. a status not reported */
  | { ok: false; missing: boolean; path: string; message: string };

export const budgetMessage = (limit: number, path: string): string =>
  `the CEL cost of this reconcile exceeded the limit of ${limit} (the API server's per-object budget) at ${path}`;

/** Results evaluated ahead in one call (a template's expressions, renderValue), by source. */
type Prefetched = ReadonlyMap<string, CelEvaluated>;

export function evaluateExpression(
  source: string,
  context: CelContext | undefined,
  path: string,
  prefetched?: Prefetched,
): EvalOutcome {
  if (context === undefined) return { ok: false, missing: false, path, message: CEL_PENDING };
  const limit = context.engine.limits.perReconcile;
  if (context.exhaustedAt !== undefined)
    return { ok: false, missing: false, path, message: budgetMessage(limit, context.exhaustedAt) };
  // the cost is counted here, in template order, whether the value was fetched ahead or not
  const r = prefetched?.get(source) ?? context.engine.evaluate(source, context.vars, context.id);
  context.spent += r.cost;
  if (context.spent > limit) {
    context.exhaustedAt = path;
    return { ok: false, missing: false, path, message: budgetMessage(limit, path) };
  }
  if (r.ok) return { ok: true, value: r.value };
  return { ok: false, missing: r.missing, path, message: `\${${source}}: ${r.message}` };
}

/** A string with `${…}`: one whole expression keeps its type, several are interpolated. */
export function evaluateString(
  s: string,
  context: CelContext | undefined,
  path: string,
  prefetched?: Prefetched,
): EvalOutcome {
  if (!s.includes('${')) return { ok: true, value: s };
  const split = splitExpressions(s);
  if (!split.ok) return { ok: false, missing: false, path, message: split.message };
  const [only] = split.parts;
  if (split.parts.length === 1 && only !== undefined && 'expr' in only)
    return evaluateExpression(only.expr, context, path, prefetched);
  let out = '';
  for (const part of split.parts) {
    if ('text' in part) {
      out += part.text;
      continue;
    }
    const r = evaluateExpression(part.expr, context, path, prefetched);
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

/**
 * A deep copy of a template with every expression evaluated; the first failure stops it. The
 * template's expressions go to the engine in one call (each distinct source once), then are
 * taken in template order as if evaluated one by one: the same values, costs and first failure.
 */
export function renderValue(value: JSONValue, context: CelContext | undefined, path: string): EvalOutcome {
  if (context === undefined || context.exhaustedAt !== undefined || value === null || typeof value !== 'object')
    return renderWith(value, context, path, undefined);
  const sources = templateSources(value);
  if (sources.length < 2) return renderWith(value, context, path, undefined);
  const results = context.engine.evaluateAll(sources, context.vars, context.id);
  return renderWith(value, context, path, new Map(sources.map((s, i) => [s, results[i]!])));
}

const sourcesOf = new WeakMap<object, readonly string[]>();

/** The distinct expressions of a template (kept while the template object lives: one per graph). */
function templateSources(template: object): readonly string[] {
  let out = sourcesOf.get(template);
  if (out === undefined) {
    const sites: ExpressionSite[] = [];
    collectExpressions(template as JSONValue, '', sites, []);
    out = [...new Set(sites.map((s) => s.source))];
    sourcesOf.set(template, out);
  }
  return out;
}

function renderWith(
  value: JSONValue,
  context: CelContext | undefined,
  path: string,
  prefetched: Prefetched | undefined,
): EvalOutcome {
  if (typeof value === 'string') return evaluateString(value, context, path, prefetched);
  if (Array.isArray(value)) {
    const out: JSONValue[] = [];
    for (let i = 0; i < value.length; i++) {
      const r = renderWith(value[i]!, context, childPath(path, i), prefetched);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (value === null || typeof value !== 'object') return { ok: true, value };
  const out: { [key: string]: JSONValue } = {};
  // keys in sorted order, as the exported operator walks them: the same expression runs first
  for (const [k, v] of Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const r = renderWith(v, context, childPath(path, k), prefetched);
    if (!r.ok) return r;
    out[k] = r.value;
  }
  return { ok: true, value: out };
}
