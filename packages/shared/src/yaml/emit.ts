/**
 * A YAML writer that produces the same bytes as go-yaml v2's `Marshal` of a generic map
 * (which is what controller-gen writes through sigs.k8s.io/yaml). It follows libyaml's
 * emitter: the same indentation state (`indent`, `indention`, `whitespace`, `column`), the
 * same scalar analysis and style choice, and the same folding at the first space past
 * column 80. Collections are always block style, except empty ones (`{}`, `[]`).
 */
import { sortedKeys } from './go-sort';
import { formatGoNumber } from './go-number';
import { isBase60Float, resolvesAsNonString } from './go-resolve';
import { analyze, isBreak, isPrintable, type Analysis } from './scalar-analysis';

/**
 * analyze() per distinct string: a CRD repeats the same short scalars (types, formats, key
 * names) many times. Keyed by the string itself; long strings are analysed every time.
 */
const analyses = new Map<string, Analysis>();

function analyzed(s: string): Analysis {
  if (s.length > 256) return analyze(s);
  let a = analyses.get(s);
  if (a === undefined) {
    a = Object.freeze(analyze(s));
    if (analyses.size >= 5000) analyses.clear();
    analyses.set(s, a);
  }
  return a;
}

/** The style go-yaml asks for a string: literal when multi-line, quoted when it reads as another type. */
function requestedStyle(s: string): Style {
  if (s.includes('\n')) return 'literal';
  if (!resolvesAsNonString(s) && !isBase60Float(s)) return 'plain';
  return 'double';
}

/** requestedStyle per distinct short string (keyed by the string, so never stale). */
const stringStyles = new Map<string, Style>();

function stringStyle(s: string): Style {
  if (s.length > 256) return requestedStyle(s);
  let style = stringStyles.get(s);
  if (style === undefined) {
    style = requestedStyle(s);
    if (stringStyles.size >= 5000) stringStyles.clear();
    stringStyles.set(s, style);
  }
  return style;
}

export type YamlValue =
  string | number | bigint | boolean | null | readonly YamlValue[] | { readonly [key: string]: YamlValue | undefined };

const BEST_WIDTH = 80;
const BEST_INDENT = 2;
const MAX_SIMPLE_KEY = 128;

type Style = 'plain' | 'single' | 'double' | 'literal';

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** libyaml writes `key: value` only for single-line keys of at most 128 bytes; others get `? key`. */
function isSimpleKey(key: string): boolean {
  if (/[\n\r\u0085\u2028\u2029]/.test(key)) return false;
  return key.length * 3 <= MAX_SIMPLE_KEY || utf8Length(key) <= MAX_SIMPLE_KEY;
}

function hex(v: number, width: number): string {
  return v.toString(16).toUpperCase().padStart(width, '0');
}

const ESCAPES: Readonly<Record<number, string>> = {
  0x00: '0',
  0x07: 'a',
  0x08: 'b',
  0x09: 't',
  0x0a: 'n',
  0x0b: 'v',
  0x0c: 'f',
  0x0d: 'r',
  0x1b: 'e',
  0x22: '"',
  0x5c: '\\',
  0x85: 'N',
  0xa0: '_',
  0x2028: 'L',
  0x2029: 'P',
};

class Emitter {
  out = '';
  column = 0;
  indent = -1;
  whitespace = true;
  indention = true;

  constructor(private readonly sortKeys: boolean) {}

  private put(ch: string): void {
    this.out += ch;
    this.column++;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
  }

  private writeIndent(): void {
    const indent = this.indent < 0 ? 0 : this.indent;
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) this.putBreak();
    if (this.column < indent) {
      this.out += ' '.repeat(indent - this.column);
      this.column = indent;
    }
    this.whitespace = true;
    this.indention = true;
  }

  private writeIndicator(text: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.out += text;
    this.column += text.length;
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  private increaseIndent(flow: boolean, indentless: boolean): void {
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }

  node(v: YamlValue, mapping: boolean, simpleKey: boolean): void {
    if (v === null) return this.scalar('null', 'plain', simpleKey);
    switch (typeof v) {
      case 'string':
        return this.stringScalar(v, simpleKey);
      case 'boolean':
        return this.scalar(v ? 'true' : 'false', 'plain', simpleKey);
      case 'number':
      case 'bigint':
        return this.scalar(formatGoNumber(v), 'plain', simpleKey);
    }
    if (Array.isArray(v)) return this.sequence(v as readonly YamlValue[], mapping);
    return this.mapping(v as { readonly [key: string]: YamlValue | undefined });
  }

  private sequence(items: readonly YamlValue[], mapping: boolean): void {
    const saved = this.indent;
    if (items.length === 0) {
      this.writeIndicator('[', true, true, false);
      this.writeIndicator(']', false, false, false);
      return;
    }
    this.increaseIndent(false, mapping && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.node(item, false, false);
    }
    this.indent = saved;
  }

  private mapping(obj: { readonly [key: string]: YamlValue | undefined }): void {
    const keys = this.sortKeys ? sortedKeys(obj) : Object.keys(obj).filter((k) => obj[k] !== undefined);
    if (keys.length === 0) {
      this.writeIndicator('{', true, true, false);
      this.writeIndicator('}', false, false, false);
      return;
    }
    const saved = this.indent;
    this.increaseIndent(false, false);
    for (const key of keys) {
      const value = obj[key] as YamlValue;
      this.writeIndent();
      if (isSimpleKey(key)) {
        this.node(key, false, true);
        this.writeIndicator(':', false, false, false);
      } else {
        this.writeIndicator('?', true, false, true);
        this.node(key, true, false);
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.node(value, true, false);
    }
    this.indent = saved;
  }

  private stringScalar(s: string, simpleKey: boolean): void {
    this.scalar(s, stringStyle(s), simpleKey);
  }

  private scalar(s: string, requested: Style, simpleKey: boolean): void {
    const a = analyzed(s);
    let style = requested;
    if (simpleKey && a.multiline) style = 'double';
    if (style === 'plain' && (!a.blockPlainAllowed || (s.length === 0 && simpleKey))) style = 'single';
    if (style === 'single' && !a.singleQuotedAllowed) style = 'double';
    if (style === 'literal' && (!a.blockAllowed || simpleKey)) style = 'double';
    const saved = this.indent;
    this.increaseIndent(true, false);
    const allowBreaks = !simpleKey;
    switch (style) {
      case 'plain':
        this.plain(s, allowBreaks);
        break;
      case 'single':
        this.singleQuoted(s, allowBreaks);
        break;
      case 'double':
        this.doubleQuoted(s, allowBreaks);
        break;
      case 'literal':
        this.literal(s);
        break;
    }
    this.indent = saved;
  }

  /** Writes s[start, end) as ordinary characters (no breaks among them). */
  private chunk(s: string, start: number, end: number): void {
    if (end > start) {
      this.out += s.slice(start, end);
      this.column += end - start;
    }
  }

  private plain(s: string, allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    let spaces = false;
    let start = 0;
    const n = s.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 32) {
        if (allowBreaks && !spaces && this.column + (i - start) > BEST_WIDTH && s.charCodeAt(i + 1) !== 32) {
          this.chunk(s, start, i);
          this.writeIndent();
          start = i + 1;
        }
        spaces = true;
      } else {
        if (spaces || i === start) this.indention = false;
        spaces = false;
      }
    }
    this.chunk(s, start, n);
    this.whitespace = false;
    this.indention = false;
  }

  private singleQuoted(s: string, allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    let spaces = false;
    let breaks = false;
    const n = s.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 32) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < n - 1 && s.charCodeAt(i + 1) !== 32) {
          this.writeIndent();
        } else {
          this.put(' ');
        }
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === 10) this.putBreak();
        this.writeBreak(s[i] ?? '\n');
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        if (c === 39) this.put("'");
        this.put(s[i] ?? '');
        this.indention = false;
        spaces = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private doubleQuoted(s: string, allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    let spaces = false;
    const n = s.length;
    for (let i = 0; i < n;) {
      const cp = s.codePointAt(i) ?? 0;
      const w = cp > 0xffff ? 2 : 1;
      if (!isPrintable(cp) || cp === 0xfeff || isBreak(cp) || cp === 34 || cp === 92) {
        const esc = ESCAPES[cp];
        let text: string;
        if (esc !== undefined) text = `\\${esc}`;
        else if (cp <= 0xff) text = `\\x${hex(cp, 2)}`;
        else if (cp <= 0xffff) text = `\\u${hex(cp, 4)}`;
        else text = `\\U${hex(cp, 8)}`;
        this.out += text;
        this.column += text.length;
        spaces = false;
      } else if (cp === 32) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < n - 1) {
          this.writeIndent();
          if (s.charCodeAt(i + 1) === 32) this.put('\\');
        } else {
          this.put(' ');
        }
        spaces = true;
      } else {
        this.out += w === 2 ? s.slice(i, i + 2) : s[i];
        this.column++;
        spaces = false;
      }
      i += w;
    }
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private writeBreak(ch: string): void {
    if (ch === '\n') this.putBreak();
    else {
      this.out += ch;
      this.column = 0;
    }
  }

  private literal(s: string): void {
    this.writeIndicator('|', true, false, false);
    const first = s.charCodeAt(0);
    if (first === 32 || isBreak(first)) this.writeIndicator(String(BEST_INDENT), false, false, false);
    const last = s.charCodeAt(s.length - 1);
    let chomp = '';
    if (s.length === 0 || !isBreak(last)) chomp = '-';
    else if (s.length === 1 || isBreak(s.charCodeAt(s.length - 2))) chomp = '+';
    if (chomp) this.writeIndicator(chomp, false, false, false);
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    let start = 0;
    const n = s.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (isBreak(c)) {
        this.chunk(s, start, i);
        this.writeBreak(s[i] ?? '\n');
        this.indention = true;
        breaks = true;
        start = i + 1;
      } else if (breaks) {
        this.writeIndent();
        this.indention = false;
        breaks = false;
        start = i;
      }
    }
    this.chunk(s, start, n);
  }
}

export interface EmitOptions {
  /** Start with a `---` line, as controller-gen's file writer does. */
  documentStart?: boolean;
  /** Keep each mapping's own key order instead of go-yaml's sorted order (for design files). */
  keepKeyOrder?: boolean;
}

/** Serialises `value` exactly as go-yaml v2 (and so controller-gen) would. */
export function emitYaml(value: YamlValue, options: EmitOptions = {}): string {
  const e = new Emitter(!options.keepKeyOrder);
  e.node(value, false, false);
  // Document end is libyaml's write_indent at indent 0: it ends the last line unless a
  // block scalar's own line break already did.
  if (!e.indention || e.column > 0 || !e.whitespace) e.out += '\n';
  return options.documentStart ? `---\n${e.out}` : e.out;
}
