/**
 * Numbers as controller-gen's pipeline writes them: Go's json.Marshal prints a float64 with its
 * shortest digits (whole numbers below 1e21 in plain digits, padded with zeros: -2^63 becomes
 * -9223372036854776000), a raw JSON value (`default`, `enum`, `example`) as written; go-yaml v2
 * reads those digits back as an integer only when strconv.ParseInt or ParseUint accepts them,
 * else as a float64 it writes with strconv.FormatFloat(f, 'g', -1, 64) (so 1234567.5 becomes
 * 1.2345675e+06, 1e-7 becomes 1e-07, -2^63 becomes -9.223372036854776e+18).
 */

const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** Whether go-yaml v2 reads these digits as an integer (ParseInt, else ParseUint, succeeds). */
const isGoInteger = (digits: bigint): boolean => digits >= INT64_MIN && digits <= UINT64_MAX;

export function formatGoNumber(v: number | bigint): string {
  if (typeof v === 'bigint') return isGoInteger(v) ? v.toString() : formatGoFloat(Number(v));
  if (Number.isNaN(v)) return '.nan';
  if (v === Infinity) return '.inf';
  if (v === -Infinity) return '-.inf';
  if (Object.is(v, -0)) return '0';
  // Below 1e21 JS writes integers in plain digits, shortest round-trip, as Go's JSON does.
  if (Number.isInteger(v) && Math.abs(v) < 1e21) {
    const digits = String(v);
    if (isGoInteger(BigInt(digits))) return digits;
  }
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
