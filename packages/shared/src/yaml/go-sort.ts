/**
 * go-yaml v2's map key order (sorter.go `keyList.Less`) for string keys: code point order,
 * except that a letter sorts after a non-letter and runs of digits compare as numbers
 * (so `a2` < `a10`). controller-gen's output is sorted this way, so ours must be too.
 */

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

function isLetter(cp: number): boolean {
  if (cp < 128) return (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122);
  // Go's unicode tables are Unicode 15.0; CJK Extension I (15.1) is not a letter there yet.
  if (cp >= 0x2ebf0 && cp <= 0x2ee5d) return false;
  return LETTER.test(String.fromCodePoint(cp));
}

function isDigit(cp: number): boolean {
  if (cp < 128) return cp >= 48 && cp <= 57;
  return DIGIT.test(String.fromCodePoint(cp));
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

function runes(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0) ?? 0);
  return out;
}

/**
 * `at(x, i)` reads code point i of x; `len` is the number of code points. Generic so ASCII
 * strings compare without allocating (keys are compared often: every mapping is sorted).
 */
function lessBy<T>(ar: T, alen: number, br: T, blen: number, at: (x: T, i: number) => number): boolean {
  const n = Math.min(alen, blen);
  for (let i = 0; i < n; i++) {
    const a = at(ar, i);
    const b = at(br, i);
    if (a === b) continue;
    const al = isLetter(a);
    const bl = isLetter(b);
    if (al && bl) return a < b;
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (a === 48 || b === 48) {
      for (let j = i - 1; j >= 0 && isDigit(at(ar, j)); j--) {
        if (at(ar, j) !== 48) {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < alen && isDigit(at(ar, ai)); ai++) an = an * 10 + (at(ar, ai) - 48);
    let bi = i;
    for (; bi < blen && isDigit(at(br, bi)); bi++) bn = bn * 10 + (at(br, bi) - 48);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return a < b;
  }
  return alen < blen;
}

const charAt = (s: string, i: number): number => s.charCodeAt(i);
const runeAt = (r: number[], i: number): number => r[i] ?? 0;

/** go-yaml v2's `Less` for two string keys. */
export function goKeyLess(a: string, b: string): boolean {
  if (isAscii(a) && isAscii(b)) return lessBy(a, a.length, b, b.length, charAt);
  const ar = runes(a);
  const br = runes(b);
  return lessBy(ar, ar.length, br, br.length, runeAt);
}

/** Array.sort comparator in go-yaml v2 key order. */
export function compareGoKeys(a: string, b: string): number {
  if (a === b) return 0;
  if (goKeyLess(a, b)) return -1;
  return goKeyLess(b, a) ? 1 : 0;
}

/**
 * Sorted key lists by the key list as given (its JSON text: unambiguous). A CRD repeats few
 * key sets (every string field has the same keys), so most mappings skip the comparator.
 */
const sortedByKeys = new Map<string, readonly string[]>();
const SORT_MEMO_LIMIT = 2000;

/** The keys of `obj` in go-yaml v2 order, with undefined values left out. */
export function sortedKeys(obj: Readonly<Record<string, unknown>>): string[] {
  const keys: string[] = [];
  for (const k in obj) if (Object.prototype.hasOwnProperty.call(obj, k) && obj[k] !== undefined) keys.push(k);
  if (keys.length < 2) return keys;
  const memoKey = JSON.stringify(keys);
  const known = sortedByKeys.get(memoKey);
  if (known !== undefined) return known.slice();
  // go-yaml's Less is not a strict weak order for some keys (e.g. "3A" against "4" and "30"),
  // so Go's own order for them depends on map iteration. Sorting by code unit first makes ours
  // depend on the key set alone (the sort is stable), whatever order the object holds them in.
  keys.sort();
  keys.sort(compareGoKeys);
  if (sortedByKeys.size >= SORT_MEMO_LIMIT) sortedByKeys.clear();
  sortedByKeys.set(memoKey, keys.slice());
  return keys;
}
