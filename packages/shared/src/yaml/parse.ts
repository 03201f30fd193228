/**
 * Reads one YAML document into plain JSON-like values with the YAML 1.2 core schema, so a
 * quoted "True" stays a string and 1.5 stays a number, plus YAML 1.1's plain yes/no/on/off/y/n
 * booleans, because Kubernetes (sigs.k8s.io/yaml, go-yaml v2) reads those as booleans too.
 * Never throws: bad input comes back as a one-line message with its line number. Hostile input
 * is bounded: at most 100 alias expansions (a "billion laughs" document is refused) and at most
 * 100 levels of nesting (a CRD schema is rarely deeper than 20), checked before anything recurses.
 */
import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  LineCounter,
  parseAllDocuments,
  type Document,
  type ScalarTag,
} from 'yaml';
import type { YamlValue } from './emit';

const YAML11_BOOL = {
  tag: 'tag:yaml.org,2002:bool',
  default: true,
  test: /^(?:y|Y|yes|Yes|YES|on|On|ON|n|N|no|No|NO|off|Off|OFF)$/,
  resolve: (s: string): boolean => /^(?:y|Y|yes|Yes|YES|on|On|ON)$/.test(s),
};

const DECIMAL_INT = /^[-+]?[0-9]+$/;

/**
 * The core schema's decimal integer, but a literal beyond Number.MAX_SAFE_INTEGER comes back as
 * a bigint (digit for digit) instead of the nearest double (docs/design/0044).
 */
const EXACT_INT: ScalarTag = {
  identify: (v) => typeof v === 'bigint' || Number.isInteger(v),
  default: true,
  tag: 'tag:yaml.org,2002:int',
  test: DECIMAL_INT,
  resolve: (s: string): number | bigint => {
    const n = parseInt(s, 10);
    return Number.isSafeInteger(n) ? n : BigInt(s);
  },
};

/**
 * A document with no content: what a trailing `---`, a doubled leading `---` or a document of
 * only comments leaves. kubectl skips these; an explicit `null`, `~` or `!!null` still counts.
 */
function isEmptyDocument(doc: Document.Parsed): boolean {
  const c = doc.contents;
  if (c === null) return true;
  return isScalar(c) && c.value === null && c.source === '' && c.tag === undefined && c.anchor === undefined;
}

export const MAX_YAML_DEPTH = 100;
export const MAX_YAML_ALIASES = 100;

/**
 * What makes a parsed document unusable as JSON, walked without recursion: nesting deeper than
 * `limit` (it stops there), or a mapping or list used as a key (JSON, and so Kubernetes, has
 * only scalar keys; `toJS` would turn it into a many-line string). Returns the message, with the
 * key's line.
 */
function shapeProblem(root: unknown, limit: number, lines: LineCounter): string | undefined {
  const stack: Array<[unknown, number]> = [[root, 0]];
  let next: [unknown, number] | undefined;
  while ((next = stack.pop()) !== undefined) {
    const [node, depth] = next;
    if (isPair(node)) {
      if (isCollection(node.key)) {
        const at = node.key.range?.[0];
        const line = at === undefined ? '' : ` (line ${lines.linePos(at).line})`;
        return `not valid YAML${line}: a key must be a plain value, not a ${isMap(node.key) ? 'mapping' : 'list'}`;
      }
      stack.push([node.key, depth], [node.value, depth]);
    } else if (isCollection(node)) {
      if (depth + 1 > limit) return `not valid YAML: nested deeper than ${limit} levels`;
      for (const item of node.items) stack.push([item, depth + 1]);
    } else if (isAlias(node)) {
      // an alias adds no nesting of its own; its target is counted where it is defined
    }
  }
  return undefined;
}

export type ParseYamlResult = { ok: true; value: YamlValue } | { ok: false; message: string };

export interface ParseYamlOptions {
  /**
   * Integers beyond ±(2^53 − 1) come back as bigint, exact. For CRD and design text, whose
   * `default`/`enum`/`example` Go keeps digit for digit; callers that send values on as plain
   * JSON leave it off and get the nearest number.
   */
  readonly exactIntegers?: boolean;
}

export function parseYaml(text: string, options: ParseYamlOptions = {}): ParseYamlResult {
  let docs;
  const lineCounter = new LineCounter();
  try {
    docs = parseAllDocuments(text, {
      lineCounter,
      schema: 'core',
      customTags: (tags) => [
        ...(options.exactIntegers === true
          ? tags.map((t) =>
              typeof t === 'object' && 'test' in t && t.test?.source === DECIMAL_INT.source ? EXACT_INT : t,
            )
          : tags),
        YAML11_BOOL,
      ],
      uniqueKeys: true,
      prettyErrors: true,
      strict: true,
    });
  } catch (err) {
    if (err instanceof RangeError)
      return { ok: false, message: `not valid YAML: nested deeper than ${MAX_YAML_DEPTH} levels` };
    return { ok: false, message: `not valid YAML: ${String(err)}` };
  }
  if (!Array.isArray(docs)) return { ok: false, message: 'not valid YAML: the text is empty' };
  const nonEmpty = docs.filter((d) => !isEmptyDocument(d) || d.errors.length > 0);
  if (nonEmpty.length === 0) return { ok: false, message: 'not valid YAML: the text is empty' };
  if (nonEmpty.length > 1) return { ok: false, message: `expected one YAML document, found ${nonEmpty.length}` };
  const doc = nonEmpty[0]!;
  const err = doc.errors[0];
  // the parser itself recurses on flow collections: thousands of `[` end in a stack overflow
  if (err?.message.includes('Maximum call stack size exceeded') === true)
    return { ok: false, message: `not valid YAML: nested deeper than ${MAX_YAML_DEPTH} levels` };
  if (err) {
    const line = err.linePos?.[0].line;
    const first = err.message.split('\n')[0] ?? err.message;
    return { ok: false, message: `not valid YAML${line ? ` (line ${line})` : ''}: ${first}` };
  }
  const problem = shapeProblem(doc.contents, MAX_YAML_DEPTH, lineCounter);
  if (problem !== undefined) return { ok: false, message: problem };
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }) as YamlValue };
  } catch (e) {
    return { ok: false, message: `not valid YAML: ${e instanceof Error ? e.message : String(e)}` };
  }
}
