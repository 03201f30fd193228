// `${…}` in template strings: finding them, and what each one reads. A whole-string
// `${expr}` yields the expression's typed value (a number stays a number); `${…}` inside
// a longer string is interpolated. What an expression reads (its free variables, as cel-go
// reports them) is how the planner learns which children a child depends on.
import { CEL_PENDING, celEngine } from '../cel/engine';
import type { JSONValue } from '../crd/types';

export type StringPart = { text: string } | { expr: string };

/** Splits a string into text and `${…}` parts; braces and quotes inside the CEL are skipped over. */
export function splitExpressions(s: string): { ok: true; parts: StringPart[] } | { ok: false; message: string } {
  const parts: StringPart[] = [];
  let from = 0;
  for (let start = s.indexOf('${'); start !== -1; start = s.indexOf('${', from)) {
    const end = closingBrace(s, start + 2);
    if (end === -1) return { ok: false, message: `\`\${\` at offset ${start} is not closed by \`}\`` };
    if (start > from) parts.push({ text: s.slice(from, start) });
    parts.push({ expr: s.slice(start + 2, end).trim() });
    from = end + 1;
  }
  if (from < s.length) parts.push({ text: s.slice(from) });
  return { ok: true, parts };
}

function closingBrace(s: string, i: number): number {
  let depth = 0;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '"' || c === "'") {
      // a CEL string literal may hold `}`: skip to its closing quote, honouring escapes
      for (i++; i < s.length && s[i] !== c; i++) if (s[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** `spec.template`, `metadata.labels['app.kubernetes.io/name']`, `ports[0]`: where a value sits. */
export function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return base === '' ? key : `${base}.${key}`;
  return `${base}['${key}']`;
}

export interface ExpressionSite {
  path: string;
  source: string;
  /** inside a longer string: its value is interpolated, so it must be a scalar */
  text?: boolean;
  /** where it sits below the value collected (keys, and list indices as digits) */
  at?: readonly string[];
}

/** Every `${…}` in a JSON value, with its path; malformed strings are reported, not thrown. */
export function collectExpressions(
  value: JSONValue,
  path: string,
  sites: ExpressionSite[],
  bad: ExpressionSite[],
  at: readonly string[] = [],
): void {
  if (typeof value === 'string') {
    const split = splitExpressions(value);
    if (!split.ok) bad.push({ path, source: split.message });
    else {
      const text = split.parts.length > 1;
      for (const p of split.parts) if ('expr' in p) sites.push({ path, source: p.expr, at, ...(text ? { text } : {}) });
    }
  } else if (Array.isArray(value))
    value.forEach((v, i) => collectExpressions(v, childPath(path, i), sites, bad, [...at, String(i)]));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) collectExpressions(v, childPath(path, k), sites, bad, [...at, k]);
}

export type Compiled =
  | { ok: true; reads: ReadonlySet<string> }
  /** `pending`: the CEL engine is not loaded yet (the designer's first paint) */
  | { ok: false; message: string; pending?: true };

// Compilation is most of an evaluation's cost and a design's expressions rarely change between
// reconciles, so results are kept by variables and source (the engine keeps the programs); the
// bound only guards against a designer session typing thousands of variants.
const cache = new Map<string, Compiled>();
const CACHE_MAX = 2000;

/** Compiles with the API server's CEL, `vars` declared (self and the design's child ids). */
export function compileExpression(source: string, vars: readonly string[]): Compiled {
  const engine = celEngine();
  if (engine === undefined) return { ok: false, message: CEL_PENDING, pending: true };
  const key = `${vars.join(',')}\u0000${source}`;
  let hit = cache.get(key);
  if (hit === undefined) {
    if (cache.size >= CACHE_MAX) cache.clear();
    const c = engine.compile(source, vars);
    hit = c.ok ? { ok: true, reads: new Set(c.reads) } : { ok: false, message: compileMessage(c.message, vars) };
    cache.set(key, hit);
  }
  return hit;
}

/** cel-go's text, except an unknown name, which says what the design's expressions can read. */
function compileMessage(message: string, vars: readonly string[]): string {
  const unknown = /undeclared reference to '([^']+)'/.exec(message)?.[1];
  if (unknown === undefined) return message;
  return `${unknown} is not a resource of this design: expressions can read ${vars.join(', ')}`;
}

/** The variables a graph's expressions see: self and every child id. */
export function graphVariables(ids: Iterable<string>): string[] {
  return ['self', ...ids];
}
