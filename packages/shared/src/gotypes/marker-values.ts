/**
 * Values inside kubebuilder markers as controller-tools' marker parser reads them: strings as
 * Go double-quoted literals (it unquotes them with strconv.Unquote), numbers as Go scanner
 * numbers, slices as `{a,b}`. Defaults use `+default=<JSON>`, which the parser hands to
 * json.Unmarshal as written.
 */
import type { SchemaValue } from '../design/field';
import { goStringOrUndefined } from './go-text';

/**
 * A Go interpreted string literal (go-text.ts: line breaks escaped, none for lone surrogates).
 * `''` and a pair of backticks become `'\u0027` and `` `\u0060 ``: gofmt turns them into
 * curly quotes inside a type's doc comment, where type-level markers sit.
 */
export function goQuote(s: string): string | undefined {
  return goStringOrUndefined(s)
    ?.replace(/''/g, "'\\u0027")
    .replace(/(?<!`)``(?!`)/g, '`\\u0060');
}

/** A plain token (`name`, `v1alpha1`, `cache.example.com`) the marker parser reads back as written. */
const BARE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/**
 * A string argument as written bare when it is a plain token (what kubebuilder writes, so the
 * output stays byte for byte the same), else quoted: controller-gen unquotes either form.
 */
export function bareOrQuoted(s: string): string | undefined {
  return BARE.test(s) ? s : goQuote(s);
}

/**
 * A number as the Go scanner reads it: integers stay integers up to 2^53, larger ones are
 * written with an exponent so the marker parser reads a float64 instead of overflowing strconv.Atoi.
 */
export function goNumber(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  return Number.isInteger(n) && Math.abs(n) > Number.MAX_SAFE_INTEGER ? n.toExponential() : String(n);
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * An integer kept as a bigint (docs/design/0044) in digits, which the marker parser reads with
 * strconv.Atoi into an int and json.Marshal writes back exactly; none beyond int64 (Atoi fails).
 */
export function goInt(n: bigint): string | undefined {
  return n >= INT64_MIN && n <= INT64_MAX ? n.toString() : undefined;
}

/** A scalar for an any-typed marker argument (`example`, `Enum` items); objects and null have no form. */
export function anyValue(v: SchemaValue): string | undefined {
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number') return goNumber(v);
  if (typeof v === 'bigint') return goInt(v);
  if (typeof v === 'boolean') return String(v);
  return undefined;
}

/** `{"a","b"}` for a string slice argument. */
export function stringSlice(xs: readonly string[]): string | undefined {
  const quoted = xs.map(goQuote);
  return quoted.every((q) => q !== undefined) ? `{${quoted.join(',')}}` : undefined;
}

/** Named arguments `a=1,b="x"` (undefined values left out). */
export function args(pairs: ReadonlyArray<readonly [string, string | undefined]>): string {
  return pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}
