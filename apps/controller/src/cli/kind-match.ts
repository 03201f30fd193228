// Which kind `opstudio get <kind>` means, the way kubectl reads it: plural, singular, short name,
// Kind (any case), or any of those with `.group` (`memcacheds.cache.example.com`). Pure.

export interface NamedKind {
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly singular: string;
  readonly shortNames: readonly string[];
}

export type KindMatch<K> = { readonly kind: K } | { readonly error: string };

const namesOf = (k: NamedKind): string[] => [k.plural, k.singular, k.kind.toLowerCase(), ...k.shortNames];

export function matchKind<K extends NamedKind>(kinds: readonly K[], query: string): KindMatch<K> {
  const q = query.toLowerCase();
  const found = kinds.filter((k) => namesOf(k).some((n) => n === q || `${n}.${k.group}` === q));
  if (found.length === 1) return { kind: found[0]! };
  if (found.length > 1)
    return {
      error: `'${query}' names ${found.length} kinds: use one of ${found.map((k) => `${k.plural}.${k.group}`).join(', ')}`,
    };
  const near = kinds
    .filter((k) =>
      namesOf(k)
        .flatMap((n) => [n, `${n}.${k.group}`])
        .some((n) => n.includes(q) || (n.length > 3 && q.includes(n)) || editDistance(n, q) <= 2),
    )
    .map((k) => `${k.plural}.${k.group}`);
  const hint =
    near.length > 0
      ? `did you mean ${near.slice(0, 5).join(', ')}?`
      : kinds.length === 0
        ? 'the cluster has no custom resource definitions'
        : '`opstudio get` lists the kinds';
  return { error: `no kind '${query}': ${hint}` };
}

/** Levenshtein distance, for near matches of short names. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}
