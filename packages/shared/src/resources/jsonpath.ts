// The JSONPath subset Kubernetes evaluates for a CRD's additionalPrinterColumns (what `kubectl get`
// shows), pure so the controller and the browser compute the same cells. Supported: `.field`,
// escaped dots (`.metadata.labels.app\.kubernetes\.io/name`), `['key']`, `[n]` and `[-n]`, `[a:b]`,
// `[*]` / `.*`, and filters `[?(@.path)]` and `[?(@.path <op> literal)]` with == != < <= > >=.
// A path evaluates to every value it reaches (kubectl prints the first for printer columns).

type Json = unknown;

type Step =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'wildcard' }
  | { readonly kind: 'index'; readonly index: number }
  | { readonly kind: 'slice'; readonly start: number | undefined; readonly end: number | undefined }
  | {
      readonly kind: 'filter';
      readonly path: readonly Step[];
      readonly op: FilterOp | undefined;
      readonly value: Json;
    };

type FilterOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export class JsonPathError extends Error {
  override readonly name = 'JsonPathError';
}

const cache = new Map<string, readonly Step[]>();

/** Parses once per distinct path (printer columns are evaluated for every row). */
function compileJsonPath(path: string): readonly Step[] {
  let steps = cache.get(path);
  if (steps === undefined) {
    const inner = path.startsWith('{') && path.endsWith('}') ? path.slice(1, -1) : path;
    steps = parseSteps(inner.trim(), 0, inner.trim().length, path);
    if (cache.size > 1000) cache.clear();
    cache.set(path, steps);
  }
  return steps;
}

/** Every value the path reaches in `root`, in document order. Throws JsonPathError on a bad path. */
export function evaluateJsonPath(root: Json, path: string): Json[] {
  return walk([root], compileJsonPath(path));
}

function walk(values: Json[], steps: readonly Step[]): Json[] {
  let current = values;
  for (const step of steps) {
    const next: Json[] = [];
    for (const v of current) apply(step, v, next);
    current = next;
  }
  return current;
}

function apply(step: Step, v: Json, out: Json[]): void {
  switch (step.kind) {
    case 'field':
      if (isObject(v) && Object.hasOwn(v, step.name)) out.push(v[step.name]);
      return;
    case 'wildcard':
      if (Array.isArray(v)) out.push(...(v as Json[]));
      else if (isObject(v)) out.push(...Object.values(v));
      return;
    case 'index':
      if (Array.isArray(v)) {
        const i = step.index < 0 ? v.length + step.index : step.index;
        if (i >= 0 && i < v.length) out.push(v[i]);
      }
      return;
    case 'slice':
      if (Array.isArray(v)) out.push(...(v.slice(step.start, step.end) as Json[]));
      return;
    case 'filter': {
      const items: Json[] = Array.isArray(v) ? (v as Json[]) : isObject(v) ? Object.values(v) : [];
      for (const item of items) if (matches(item, step)) out.push(item);
      return;
    }
  }
}

function matches(item: Json, f: Extract<Step, { kind: 'filter' }>): boolean {
  const found = walk([item], f.path);
  if (f.op === undefined) return found.length > 0;
  return found.some((x) => compare(x, f.op as FilterOp, f.value));
}

function compare(a: Json, op: FilterOp, b: Json): boolean {
  if (op === '==') return a === b || (typeof a === 'number' && typeof b === 'string' && String(a) === b);
  if (op === '!=') return !(a === b || (typeof a === 'number' && typeof b === 'string' && String(a) === b));
  // ordering compares numbers with numbers and strings with strings, nothing else
  if (typeof a === 'number' && typeof b === 'number') return order(a, op, b);
  if (typeof a === 'string' && typeof b === 'string') return order(a, op, b);
  return false;
}

function order<T extends number | string>(x: T, op: FilterOp, y: T): boolean {
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseSteps(s: string, from: number, to: number, whole: string): Step[] {
  const steps: Step[] = [];
  let i = from;
  const fail = (why: string): never => {
    throw new JsonPathError(`invalid JSONPath ${JSON.stringify(whole)}: ${why} at offset ${i}`);
  };
  if (s[i] === '$' || s[i] === '@') i++;
  while (i < to) {
    const c = s[i];
    if (c === '.') {
      i++;
      if (s[i] === '.') fail('recursive descent (..) is not supported');
      if (s[i] === '*') {
        steps.push({ kind: 'wildcard' });
        i++;
        continue;
      }
      let name = '';
      while (i < to && s[i] !== '.' && s[i] !== '[') {
        if (s[i] === '\\' && s[i + 1] === '.') {
          name += '.';
          i += 2;
        } else name += s[i++];
      }
      if (name === '') {
        if (i >= to && steps.length === 0) return steps; // "." is the object itself
        fail('empty field name');
      }
      steps.push({ kind: 'field', name });
    } else if (c === '[') {
      const close = findClose(s, i, to);
      if (close < 0) fail('unclosed [');
      steps.push(parseBracket(s.slice(i + 1, close).trim(), whole));
      i = close + 1;
    } else fail(`unexpected ${JSON.stringify(c)}`);
  }
  return steps;
}

/** The `]` closing the `[` at `open`, skipping quoted strings and nested brackets. */
function findClose(s: string, open: number, to: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < to; i++) {
    const c = s[i];
    if (quote !== undefined) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

function parseBracket(body: string, whole: string): Step {
  const fail = (why: string): never => {
    throw new JsonPathError(`invalid JSONPath ${JSON.stringify(whole)}: ${why}`);
  };
  if (body === '*') return { kind: 'wildcard' };
  if (/^-?\d+$/.test(body)) return { kind: 'index', index: Number(body) };
  const slice = /^(-?\d+)?:(-?\d+)?$/.exec(body);
  if (slice !== null)
    return {
      kind: 'slice',
      start: slice[1] === undefined ? undefined : Number(slice[1]),
      end: slice[2] === undefined ? undefined : Number(slice[2]),
    };
  const quoted = /^(['"])(.*)\1$/.exec(body);
  if (quoted !== null) return { kind: 'field', name: (quoted[2] ?? '').replace(/\\(.)/g, '$1') };
  const filter = /^\?\((.*)\)$/s.exec(body);
  if (filter === null) return fail(`unsupported [${body}]`);
  const expr = (filter[1] ?? '').trim();
  const m = /^(@[^\s=!<>]*)\s*(==|!=|<=|>=|<|>)\s*(.+)$/.exec(expr);
  if (m === null) {
    if (!expr.startsWith('@')) fail(`a filter starts with @: ${expr}`);
    return { kind: 'filter', path: parseSteps(expr, 0, expr.length, whole), op: undefined, value: undefined };
  }
  const [, left = '@', op, right = ''] = m;
  return {
    kind: 'filter',
    path: parseSteps(left, 0, left.length, whole),
    op: op as FilterOp,
    value: literal(right.trim(), fail),
  };
}

function literal(text: string, fail: (why: string) => never): Json {
  const q = /^(['"])(.*)\1$/.exec(text);
  if (q !== null) return (q[2] ?? '').replace(/\\(.)/g, '$1');
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : fail(`unsupported literal ${text}`);
}
