/**
 * go-yaml v2's implicit resolution, as its encoder uses it: a string that would read back as
 * something else (bool, null, int, float, timestamp, base-60 float) must be double-quoted.
 * YAML 1.1 rules: `yes`, `on`, `y`, `0x1F`, `0o17`, `1_000`, `2024-01-02` are all non-strings.
 */

const NON_STRING_WORDS = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'true',
  'True',
  'TRUE',
  'on',
  'On',
  'ON',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'false',
  'False',
  'FALSE',
  'off',
  'Off',
  'OFF',
  '',
  '~',
  'null',
  'Null',
  'NULL',
  '.nan',
  '.NaN',
  '.NAN',
  '.inf',
  '.Inf',
  '.INF',
  '+.inf',
  '+.Inf',
  '+.INF',
  '-.inf',
  '-.Inf',
  '-.INF',
]);
// ('<<' resolves to the merge tag in go-yaml, but only after a first-character check that '<'
// fails, so the encoder writes it plain.)

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
// Go's strconv.ParseInt/ParseUint with base 0 (after underscores are removed), range ignored:
// an out-of-range decimal still matches YAML_STYLE_FLOAT, and out-of-range prefixed forms are rare.
const GO_INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[bB][01]+|0[oO]?[0-7]+|[1-9][0-9]*|0)$/;
// Go's strconv.ParseFloat on a string starting with '.' (decimal forms only).
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const TS_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TS_ZONED = /^(\d{4})-(\d{1,2})-(\d{1,2})[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const TS_SPACED = /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d+)?$/;

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= (days[m - 1] ?? 0);
}

function isTimestamp(s: string): boolean {
  const m = TS_DATE.exec(s) ?? TS_ZONED.exec(s) ?? TS_SPACED.exec(s);
  if (!m) return false;
  if (!validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59)) return false;
  return true;
}

/** True when go-yaml v2 would read the plain scalar `s` as something other than a string. */
export function resolvesAsNonString(s: string): boolean {
  if (NON_STRING_WORDS.has(s)) return true;
  const c = s.charCodeAt(0);
  if (c === 46 /* . */) return DOT_FLOAT.test(s);
  const isDigit = c >= 48 && c <= 57;
  if (!isDigit && c !== 43 && c !== 45) return false;
  if (isDigit && isTimestamp(s)) return true;
  const plain = s.includes('_') ? s.replaceAll('_', '') : s;
  if (GO_INT.test(plain) || YAML_STYLE_FLOAT.test(plain)) return true;
  return /^-0[bB][01]+$/.test(plain);
}

/** go-yaml v2 quotes YAML 1.1 base-60 floats (`1:20`) for other parsers' sake. */
export function isBase60Float(s: string): boolean {
  const c = s.charCodeAt(0);
  if (!(c === 43 || c === 45 || (c >= 48 && c <= 57)) || !s.includes(':')) return false;
  return BASE60_FLOAT.test(s);
}
