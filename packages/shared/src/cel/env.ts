// cel-js, for the graph's expressions until they move to the CEL module (then this file and
// the package go; validation rules no longer use it: see validate/cel-engine-issues.ts).
// One CEL environment shaped like the API server's: `self`/`oldSelf` and anything else
// are dynamic, optional syntax (`?.`, `[?]`, `.orValue`) is on because `optionalOldSelf`
// rules depend on it, and the Kubernetes list/string extensions that the library lacks
// are registered so more rules can be evaluated in the browser, not only parsed.
import { Environment } from '@marcbachmann/cel-js';

let shared: Environment | undefined;

function isSorted(list: unknown[]): boolean {
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1] as string | number | bigint;
    const b = list[i] as string | number | bigint;
    if (a > b) return false;
  }
  return true;
}

function numericFold(list: unknown[], pick: (a: bigint | number, b: bigint | number) => bigint | number): unknown {
  if (list.length === 0) throw new Error('min/max of an empty list');
  return (list as (bigint | number)[]).reduce((acc, v) => pick(acc, v));
}

export function celEnvironment(): Environment {
  shared ??= new Environment({
    enableOptionalTypes: true,
    unlistedVariablesAreDyn: true,
    homogeneousAggregateLiterals: false,
  })
    .registerFunction('list.isSorted(): bool', isSorted)
    .registerFunction('list.min(): dyn', (l: unknown[]) => numericFold(l, (a, b) => (b < a ? b : a)))
    .registerFunction('list.max(): dyn', (l: unknown[]) => numericFold(l, (a, b) => (b > a ? b : a)))
    .registerFunction('list.sum(): dyn', (l: unknown[]) =>
      (l as (bigint | number)[]).reduce<bigint | number>(
        (acc, v) => (typeof acc === 'bigint' && typeof v === 'bigint' ? acc + v : Number(acc) + Number(v)),
        0n,
      ),
    )
    .registerFunction('string.charAt(int): string', (s: string, i: bigint) => s.charAt(Number(i)))
    .registerFunction('string.replace(string, string): string', (s: string, a: string, b: string) => s.split(a).join(b))
    .registerFunction('string.reverse(): string', (s: string) => [...s].reverse().join(''));
  return shared;
}
