// The φ-quantile of a histogram's observations, interpolated inside the bucket it falls in the way
// PromQL's histogram_quantile does (promql/quantile.go: linear within a bucket, the lowest bucket
// starting at 0, the +Inf bucket answering with the highest finite bound), so the studio's p50/p99
// read the same as a Grafana panel over the same series.

/** A cumulative bucket: `count` observations were ≤ `le` (the last one is `le: Infinity`). */
export interface Bucket {
  readonly le: number;
  readonly count: number;
}

/** null when there is nothing to rank (no observations), where PromQL answers NaN. */
export function histogramQuantile(q: number, buckets: readonly Bucket[]): number | null {
  if (buckets.length < 2 || Number.isNaN(q)) return null;
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const last = sorted.at(-1);
  if (last === undefined || last.le !== Infinity) return null;
  const total = last.count;
  if (total <= 0) return null;
  if (q < 0) return -Infinity;
  if (q > 1) return Infinity;
  const rank = q * total;
  const b = sorted.findIndex((bucket) => bucket.count >= rank);
  if (b === sorted.length - 1) return sorted[sorted.length - 2]?.le ?? null;
  const bucket = sorted[b];
  if (bucket === undefined) return null;
  if (b === 0 && bucket.le <= 0) return bucket.le;
  const previous = b === 0 ? { le: 0, count: 0 } : sorted[b - 1];
  if (previous === undefined) return null;
  const inBucket = bucket.count - previous.count;
  if (inBucket <= 0) return bucket.le;
  return previous.le + (bucket.le - previous.le) * ((rank - previous.count) / inBucket);
}

/** The buckets' increase between two readings of the same histogram (a reset reads as a restart from zero). */
export function bucketIncrease(before: readonly Bucket[], after: readonly Bucket[]): Bucket[] {
  const earlier = new Map(before.map((b) => [b.le, b.count]));
  const reset = after.some((b) => b.count < (earlier.get(b.le) ?? 0));
  return after.map((b) => ({ le: b.le, count: reset ? b.count : b.count - (earlier.get(b.le) ?? 0) }));
}
