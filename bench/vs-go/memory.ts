// Workload 3: the controller process's RSS with 0 (idle), then each of `counts` CRs cached and
// settled, grown in one run. CRs are size 0: their Deployments want no pods, so 10,000 fit on the
// kwok nodes and the figure is the controller's per-CR cost (the CR and its Deployment in its
// caches, its queue, its bookkeeping), not the pods'. Settled = every CR Available for its
// generation (or the target's own milestone), then a quiet period; the time each batch took to
// settle is kept too (a burst). RSS and heap in use as RunningController.memory() reads them
// (embedded after a forced full GC; Go as it is: the export has no GC hook).
import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { formatHeapSummary, summarizeHeapSnapshot, type HeapRow } from '../heap-summary';
import type { Session } from './session';
import { percentile, sleep } from './session';

export interface MemoryPoint {
  readonly crs: number;
  readonly rssBytes: number;
  readonly heapBytes: number;
  /** From the first create of this point's CRs until every one of them settled (a burst), and its per-CR p50. */
  readonly settledSeconds?: number;
  readonly settledP50Seconds?: number;
}

export interface MemoryResult {
  readonly points: MemoryPoint[];
  readonly heapSnapshot?: { file: string; summaryFile: string; top: readonly HeapRow[] };
}

const SETTLE_MS = 10_000;

export async function memory(
  s: Session,
  counts: readonly number[],
  outDir: string,
  /** The heap snapshot's file name starts with it. */
  bench = 'vs-go',
  /** Resolves at the last point, before the heap snapshot (which costs the controller CPU). */
  measured?: () => void,
): Promise<MemoryResult> {
  const { crs, tracker, controller, side } = s;
  await sleep(SETTLE_MS);
  const points: MemoryPoint[] = [{ crs: 0, ...(await controller.memory()) }];
  let have = 0;
  const settledBefore = tracker.settled;
  for (const count of counts) {
    const names = Array.from({ length: count - have }, (_, i) => `mem-${have + i}`);
    const t0 = performance.now();
    const settled = tracker.until(
      `${side.name}: ${count} CRs settled`,
      1_800_000,
      () => tracker.settled - settledBefore === count,
    );
    // chunks of 1,000, so the API server (same 2 cores) is not flooded by 10,000 at once
    for (let i = 0; i < names.length; i += 1000) await crs.create(names.slice(i, i + 1000), 0);
    have = count;
    const t1 = await settled;
    const perCr = names.map((n) => (tracker.settledAt.get(n) ?? NaN) - t0);
    await sleep(SETTLE_MS);
    points.push({
      crs: count,
      ...(await controller.memory()),
      settledSeconds: (t1 - t0) / 1000,
      settledP50Seconds: percentile(perCr, 50) / 1000,
    });
  }
  measured?.();
  if (controller.heapSnapshot === undefined) return { points };
  mkdirSync(outDir, { recursive: true }); // the child writes into it, and dies if it is missing
  const file = await controller.heapSnapshot(path.join(outDir, `${bench}-embedded-${counts.at(-1) ?? 0}.heapsnapshot`));
  const summaryFile = file.replace(/\.heapsnapshot$/, '.summary.txt');
  const summary = summarizeHeapSnapshot(file, 15);
  writeFileSync(summaryFile, `${formatHeapSummary(summary)}\n`);
  return { points, heapSnapshot: { file, summaryFile, top: summary.rows } };
}

/** Bytes per CR between the last two points (the marginal cost of the last batch). */
export function marginalBytesPerCr(points: readonly MemoryPoint[], of: 'rssBytes' | 'heapBytes'): number {
  const [a, b] = points.slice(-2);
  if (a === undefined || b === undefined || b.crs === a.crs) return NaN;
  return (b[of] - a[of]) / (b.crs - a.crs);
}
