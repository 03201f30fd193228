/**
 * Numbers as controller-gen's pipeline writes them (Go json.Marshal, read back by go-yaml v2,
 * then written by it): whole numbers within 64 bits as integers, the rest with Go's
 * strconv.FormatFloat(f, 'g', -1, 64) (so 1234567.5 becomes 1.2345675e+06, 1e-7 becomes 1e-07).
 */

const UINT64_LIMIT = 18446744073709551616;
const INT64_MIN = -9223372036854775808;

export function formatGoNumber(v: number | bigint): string {
  if (typeof v === 'bigint') return v.toString();
  if (Number.isNaN(v)) return '.nan';
  if (v === Infinity) return '.inf';
  if (v === -Infinity) return '-.inf';
  // Below 1e21 JS writes integers in plain digits, shortest round-trip (as Go's JSON does).
  if (Number.isInteger(v) && v >= INT64_MIN && v < UINT64_LIMIT) return Object.is(v, -0) ? '0' : String(v);
  return formatGoFloat(v);
}

/** Go's shortest 'g' format: %e when the exponent is < -4 or >= 6 (Go uses 6 for shortest). */
export function formatGoFloat(v: number): string {
  const [mant = '', expText = '0'] = v.toExponential().split('e');
  const exp = Number(expText);
  const neg = mant.startsWith('-');
  const digits = (neg ? mant.slice(1) : mant).replace('.', '');
  const sign = neg ? '-' : '';
  if (exp < -4 || exp >= 6) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intLen = exp + 1;
  if (digits.length <= intLen) return `${sign}${digits}${'0'.repeat(intLen - digits.length)}`;
  return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
}
