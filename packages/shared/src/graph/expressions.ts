// `${…}` in template strings: finding them, and what each one reads. A whole-string
// `${expr}` yields the expression's typed value (a number stays a number); `${…}` inside
// a longer string is interpolated. What an expression reads (its free CEL identifiers)
// is how the planner learns which children a child depends on.
import type { ASTNode, ParseResult } from '@marcbachmann/cel-js';
import { celEnvironment } from '../cel/env';
import { describeCelError } from '../cel/parse';
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
}

/** Every `${…}` in a JSON value, with its path; malformed strings are reported, not thrown. */
export function collectExpressions(
  value: JSONValue,
  path: string,
  sites: ExpressionSite[],
  bad: ExpressionSite[],
): void {
  if (typeof value === 'string') {
    const split = splitExpressions(value);
    if (!split.ok) bad.push({ path, source: split.message });
    else for (const p of split.parts) if ('expr' in p) sites.push({ path, source: p.expr });
  } else if (Array.isArray(value)) value.forEach((v, i) => collectExpressions(v, childPath(path, i), sites, bad));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) collectExpressions(v, childPath(path, k), sites, bad);
}

export type Compiled = { ok: true; run: ParseResult; reads: ReadonlySet<string> } | { ok: false; message: string };

// Parsing is most of an evaluation's cost and a design's expressions rarely change between
// reconciles, so parses are kept by source text; the bound only guards against a designer
// session typing thousands of variants.
const cache = new Map<string, Compiled>();
const CACHE_MAX = 2000;

export function compileExpression(source: string): Compiled {
  let hit = cache.get(source);
  if (hit === undefined) {
    if (cache.size >= CACHE_MAX) cache.clear();
    hit = compileUncached(source);
    cache.set(source, hit);
  }
  return hit;
}

function compileUncached(source: string): Compiled {
  if (source === '') return { ok: false, message: 'the expression is empty' };
  try {
    const run = celEnvironment().parse(source);
    const reads = new Set<string>();
    freeIdentifiers(run.ast, new Set(), reads);
    return { ok: true, run, reads };
  } catch (err) {
    return { ok: false, message: describeCelError(err).message };
  }
}

// Comprehension macros whose 3-argument form binds two variables (`all(k, v, p)`);
// `map(x, p, e)` and `filter` bind only one.
const TWO_VARIABLE_MACROS = new Set(['all', 'exists', 'exists_one', 'existsOne', 'transformList', 'transformMap']);
const MACROS = new Set([...TWO_VARIABLE_MACROS, 'map', 'filter']);

function freeIdentifiers(node: ASTNode, bound: ReadonlySet<string>, out: Set<string>): void {
  const args = node.args as unknown;
  if (node.op === 'id') {
    if (!bound.has(args as string)) out.add(args as string);
    return;
  }
  if (node.op === 'rcall') {
    const [name, receiver, callArgs] = args as [string, ASTNode, ASTNode[]];
    const isBind = name === 'bind' && receiver.op === 'id' && receiver.args === 'cel';
    if (isBind || (MACROS.has(name) && callArgs[0]?.op === 'id')) {
      const count = isBind ? 1 : callArgs.length === 3 && TWO_VARIABLE_MACROS.has(name) ? 2 : 1;
      const inner = new Set(bound);
      for (const v of callArgs.slice(0, count)) inner.add(v.args as string);
      if (!isBind) freeIdentifiers(receiver, bound, out);
      // cel.bind(x, init, body): init is read in the outer scope
      callArgs.slice(count).forEach((a, i) => freeIdentifiers(a, isBind && i === 0 ? bound : inner, out));
      return;
    }
  }
  walkChildren(args, bound, out);
}

function walkChildren(value: unknown, bound: ReadonlySet<string>, out: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) walkChildren(v, bound, out);
  else if (value !== null && typeof value === 'object' && 'op' in value) freeIdentifiers(value as ASTNode, bound, out);
}
