/**
 * The integration stage's two side-by-side lanes (test.ts) balanced by how long each file took in
 * a measured run. The build lane's Go and image builds are its own; the waiting lane's files are
 * shared out longest first, each to the lane that ends sooner so far, so that both end near the
 * same time instead of the waiting lane running on alone for minutes. The times are a copy of a
 * CI run's `test-results/integration*.times` (integration-seconds.txt; refresh it with
 * `cat test-results/integration.times test-results/integration-build.times | sort -rn >
 * scripts/lib/integration-seconds.txt` after a run whose lanes moved). A file the copy does not
 * know counts as the median file. Stale times only cost balance, never a result.
 */

/** `<seconds> s  <file>` lines (the file-times reporter's format) as seconds by file. */
export function parseFileSeconds(text: string): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+(?:\.\d+)?) s\s+(\S+)\s*$/.exec(line);
    if (m !== null) seconds.set(m[2]!, Number(m[1]));
  }
  return seconds;
}

export interface BalancedLanes {
  /** the build files first (as given), then the waiting files that balance it */
  build: string[];
  waiting: string[];
  /** each lane's expected seconds */
  expected: { build: number; waiting: number };
}

export function balanceLanes(
  build: readonly string[],
  waiting: readonly string[],
  seconds: ReadonlyMap<string, number>,
): BalancedLanes {
  const known = [...seconds.values()].sort((a, b) => a - b);
  const median = known.length === 0 ? 1 : known[Math.floor(known.length / 2)]!;
  const cost = (f: string): number => seconds.get(f) ?? median;
  let buildLoad = build.reduce((sum, f) => sum + cost(f), 0);
  let waitingLoad = 0;
  const moved = new Set<string>();
  const longestFirst = [...waiting].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  for (const f of longestFirst) {
    if (buildLoad < waitingLoad) {
      moved.add(f);
      buildLoad += cost(f);
    } else waitingLoad += cost(f);
  }
  return {
    build: [...build, ...waiting.filter((f) => moved.has(f))],
    waiting: waiting.filter((f) => !moved.has(f)),
    expected: { build: Math.round(buildLoad), waiting: Math.round(waitingLoad) },
  };
}
