/**
 * The ways text reaches Go source: a `//` comment line, a marker line, a Go string literal.
 * Design validation keeps hostile strings out; these are the last line of defence, so that no
 * string can end a comment and add Go code. A comment or marker line refuses every line break
 * (\n, \r, U+0085, U+2028, U+2029) and what the Go compiler rejects anywhere in a file (NUL, a
 * byte order mark, a lone surrogate half, which has no UTF-8 form); a string literal escapes
 * them instead.
 */

/** Text that cannot be written into Go source where it was meant to go. */
export class GoTextError extends Error {
  override readonly name = 'GoTextError';
}

const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ILLEGAL = new RegExp(`[\\0\\uFEFF]|${LONE_SURROGATE.source}`);

/** Why `text` cannot stand on one Go comment line, if it cannot. */
export function lineProblem(text: string): string | undefined {
  if (LINE_BREAK.test(text))
    return 'it contains a line break (\\n, \\r, U+0085, U+2028 or U+2029), which would end the comment';
  if (ILLEGAL.test(text))
    return 'it contains a character Go source cannot hold (NUL, a byte order mark or a lone surrogate half)';
  return undefined;
}

/** `// text` (`//` for an empty line); throws GoTextError when `text` is not one safe line. */
export function commentLine(text: string): string {
  const problem = lineProblem(text);
  if (problem !== undefined) throw new GoTextError(`cannot write the Go comment ${JSON.stringify(text)}: ${problem}`);
  return text === '' ? '//' : `// ${text}`;
}

/** `// +marker`: a comment line that is a marker. */
export function markerLine(marker: string): string {
  if (!marker.startsWith('+')) throw new GoTextError(`a marker starts with +: ${JSON.stringify(marker)}`);
  const problem = lineProblem(marker);
  if (problem !== undefined) throw new GoTextError(`cannot write the marker ${JSON.stringify(marker)}: ${problem}`);
  return `// ${marker}`;
}

/**
 * JSON text with the characters JSON leaves raw but a Go line must not hold escaped; Go's
 * strconv.Unquote and encoding/json both read `\u2028` back as the character.
 */
function escapeForGo(json: string): string {
  return json.replace(/[\u0085\u2028\u2029\uFEFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A Go interpreted string literal for `s`, or undefined for a lone surrogate (Go has no literal for one). */
export function goStringOrUndefined(s: string): string | undefined {
  if (LONE_SURROGATE.test(s)) return undefined;
  return escapeForGo(JSON.stringify(s));
}

/** A Go interpreted string literal for `s`; throws GoTextError when there is none. */
export function goString(s: string): string {
  const q = goStringOrUndefined(s);
  if (q === undefined)
    throw new GoTextError(
      `cannot write ${JSON.stringify(s)} as a Go string: it holds a lone surrogate half, which has no UTF-8 form`,
    );
  return q;
}

/** JSON text for a marker argument (`+default=`) that stays on one line and reads back the same. */
export function markerJson(value: unknown): string | undefined {
  let lone = false;
  const text = JSON.stringify(value, (key, v: unknown) => {
    if (LONE_SURROGATE.test(key) || (typeof v === 'string' && LONE_SURROGATE.test(v))) lone = true;
    return v;
  });
  return text === undefined || lone ? undefined : escapeForGo(text);
}

/** `name` when it is an ASCII Go identifier (a Kind, a package name, an import alias); throws otherwise. */
export function goIdentifier(name: string, what: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new GoTextError(
      `${what} ${JSON.stringify(name)} is not a Go identifier: use letters and digits, starting with a letter`,
    );
  return name;
}
