// The studio and kro read the same CEL (cel-go with the API server's libraries, docs/design/0038)
// but bind the custom resource under different names: the studio's `self`, kro's `schema`; a
// collection's readyWhen reads its object as the child's id in the studio and as `each` in kro.
// Translating an expression is renaming those free identifiers, outside string literals and
// never after a `.` (a field named `self` stays a field).
import type { JSONValue } from '../crd/types';
import { splitExpressions } from '../graph/expressions';

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;

/** `expr` with each free identifier `from` (a key of `names`) replaced by `names[from]`. */
export function renameIdentifiers(expr: string, names: Readonly<Record<string, string>>): string {
  return mapIdentifiers(expr, (word) => (Object.hasOwn(names, word) ? names[word]! : word));
}

function mapIdentifiers(expr: string, map: (word: string) => string): string {
  let out = '';
  let i = 0;
  while (i < expr.length) {
    const c = expr[i]!;
    if (c === '"' || c === "'") {
      const end = stringEnd(expr, i);
      out += expr.slice(i, end);
      i = end;
    } else if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < expr.length && IDENT_PART.test(expr[j]!)) j++;
      const word = expr.slice(i, j);
      // a raw or bytes literal prefix (r'…', b"…") is part of the literal that follows
      if ((word === 'r' || word === 'R' || word === 'b' || word === 'B') && (expr[j] === '"' || expr[j] === "'")) {
        const end = stringEnd(expr, j);
        out += expr.slice(i, end);
        i = end;
        continue;
      }
      const afterDot = /\.\s*$/.test(out) && !/\d\.\s*$/.test(out);
      out += afterDot ? word : map(word);
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The offset just past the string literal that starts at `i` (single, double or triple quoted). */
function stringEnd(s: string, i: number): number {
  const q = s[i]!;
  const triple = s.slice(i, i + 3) === q.repeat(3);
  const close = triple ? q.repeat(3) : q;
  for (let j = i + close.length; j < s.length; j++) {
    if (s[j] === '\\') {
      j++;
      continue;
    }
    if (s.startsWith(close, j)) return j + close.length;
  }
  return s.length;
}

/** Every free identifier an expression names (outside literals, not after a `.`). */
export function freeIdentifiers(expr: string): Set<string> {
  const seen = new Set<string>();
  mapIdentifiers(expr, (word) => {
    seen.add(word);
    return word;
  });
  return seen;
}

/**
 * A template value with every `${…}` in its strings renamed; text around the expressions is kept
 * byte for byte. A string whose `${` is not closed is left as it is (the planner reports it).
 */
export function renameInValue(value: JSONValue, names: Readonly<Record<string, string>>): JSONValue {
  if (typeof value === 'string') return renameInString(value, names);
  if (Array.isArray(value)) return value.map((v) => renameInValue(v, names));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JSONValue> = {};
    for (const [k, v] of Object.entries(value)) out[k] = renameInValue(v, names);
    return out;
  }
  return value;
}

export function renameInString(s: string, names: Readonly<Record<string, string>>): string {
  const split = splitExpressions(s);
  if (!split.ok) return s;
  return split.parts.map((p) => ('text' in p ? p.text : `\${${renameIdentifiers(p.expr, names)}}`)).join('');
}

/** Every `${…}` expression in a template value. */
export function expressionsIn(value: JSONValue): string[] {
  if (typeof value === 'string') {
    const split = splitExpressions(value);
    return split.ok ? split.parts.flatMap((p) => ('expr' in p ? [p.expr] : [])) : [];
  }
  if (Array.isArray(value)) return value.flatMap(expressionsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(expressionsIn);
  return [];
}

/** `${expr}` as the whole string: the expression; anything else undefined. */
export function wholeExpression(s: string): string | undefined {
  const split = splitExpressions(s);
  if (!split.ok || split.parts.length !== 1) return undefined;
  const [only] = split.parts;
  return only !== undefined && 'expr' in only ? only.expr : undefined;
}
