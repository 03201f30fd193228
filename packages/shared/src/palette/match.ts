// How well a typed query matches a label, as command palettes rank (VS Code's quick open, GitHub's
// Ctrl-K): the whole label beats its start, a word's start beats the middle, a substring beats
// letters found in order with gaps (the "fuzzy" match that finds "mcd" in "Memcached").
// Case-insensitive. null: no match. Higher scores rank first; the tiers never overlap.

const TIER = { exact: 4000, prefix: 3000, wordStart: 2000, substring: 1000, subsequence: 0 } as const;

// module-level, not closures: bundlers wrap each nested function (esbuild's __name), per call
const isAsciiLower = (c: number): boolean => c >= 97 && c <= 122;
const isAsciiAlnum = (c: number): boolean => isAsciiLower(c) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);

/** Word starts: after a non-letter/digit, or an upper-case letter after a lower-case one (camelCase). */
function isWordStart(label: string, i: number): boolean {
  if (i === 0) return true;
  const prev = label.charCodeAt(i - 1);
  const here = label.charCodeAt(i);
  // ASCII without regular expressions: this runs per letter of every cached name on a search
  if (prev < 128 && here < 128) {
    return !isAsciiAlnum(prev) || (isAsciiLower(prev) && here >= 65 && here <= 90);
  }
  const p = label[i - 1] ?? '';
  if (!/[\p{L}\p{N}]/u.test(p)) return true;
  return /\p{Ll}/u.test(p) && /\p{Lu}/u.test(label[i] ?? '');
}

/** Letters of `query` in order inside `label` (both lower case): a score falling with each gap, or null. */
function subsequence(query: string, lower: string, label: string): number | null {
  let at = 0;
  let score = 500;
  for (const ch of query) {
    const found = lower.indexOf(ch, at);
    if (found < 0) return null;
    score -= found - at; // skipped letters
    if (isWordStart(label, found)) score += 5;
    at = found + 1;
  }
  return Math.max(1, score);
}

/** The scorer for one query, prepared once (a search scores every cached name with it). */
export function matcher(query: string): (label: string) => number | null {
  const q = query.trim().toLowerCase();
  const compact = q.replace(/\s+/g, '');
  return (label) => {
    if (q === '') return 0;
    const lower = label.toLowerCase();
    // shorter labels first within a tier: "Memcached" before "MemcachedBackup" for "memc"
    const shortness = Math.max(0, 500 - label.length);
    if (lower === q) return TIER.exact;
    if (lower.startsWith(q)) return TIER.prefix + shortness;
    let at = lower.indexOf(q);
    const first = at;
    while (at >= 0) {
      if (isWordStart(label, at)) return TIER.wordStart + shortness;
      at = lower.indexOf(q, at + 1);
    }
    if (first >= 0) return TIER.substring + shortness - Math.min(first, 400);
    const sub = subsequence(compact, lower, label);
    return sub === null ? null : TIER.subsequence + sub;
  };
}

export const matchScore = (query: string, label: string): number | null => matcher(query)(label);

/**
 * The best score over a label and its extra words (a kind's group, a resource's namespace), the
 * label weighing more. Extra words count only as substrings: letters in order across a long group
 * name ("m…e…m" in "apps.example.com") would match almost anything.
 */
export function bestScore(query: string, label: string, keywords: readonly string[] = []): number | null {
  let best = matchScore(query, label);
  for (const k of keywords) {
    const s = matchScore(query, k);
    // a keyword hit ranks below the same hit on the label
    if (s !== null && s >= TIER.substring && (best === null || s - 1 > best)) best = s - 1;
  }
  return best;
}
