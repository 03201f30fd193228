// One run of one side: a fresh controller process with N workers, a tracker on its namespace,
// a warm-up CR it must reconcile first (so neither side's start-up is timed), and afterwards a
// clean namespace (CRs deleted while the controller still runs its finalizer, pods gone).
import type { KubeConfig } from '@kubernetes/client-node';
import { KubeJson } from '../../apps/controller/src/kube/json-client';
import { SideCrs } from './crs';
import type { RunningController } from './embedded-side';
import type { Side } from './sides';
import { namespacedPath } from './target';
import { NamespaceTracker } from './tracker';

export interface Session {
  readonly side: Side;
  readonly crs: SideCrs;
  readonly tracker: NamespaceTracker;
  readonly controller: RunningController;
}

export async function withController<T>(
  kc: KubeConfig,
  side: Side,
  workers: number,
  run: (s: Session) => Promise<T>,
): Promise<T> {
  const t0 = Date.now();
  const since = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
  const crs = new SideCrs(new KubeJson(kc), side);
  const tracker = new NamespaceTracker(kc, {
    ns: side.ns,
    crPath: side.crPath,
    childPath: namespacedPath(side.ns, side.target.child),
    countedPaths: side.target.applied.map((r) => namespacedPath(side.ns, r)),
    settles: side.target.settled,
    readyCondition: side.readyCondition,
    sizeField: side.target.sizeField,
  });
  await tracker.start();
  const controller = await side.start(workers);
  try {
    await crs.create(['warmup'], 0);
    await tracker.until(`${side.name}: the warm-up CR settled`, 120_000, () => tracker.settledAt.has('warmup'));
    console.log(`[bench] ${side.name}, ${workers} worker(s): controller up and warm after ${since()}`);
    return await run({ side, crs, tracker, controller });
  } catch (err) {
    throw new Error(
      `${side.name} side, ${workers} worker(s): ${String(err)}\n--- controller log ---\n${controller.log()}`,
    );
  } finally {
    console.log(`[bench] ${side.name}: measured at ${since()}, cleaning up`);
    // 10 minutes, or 100 ms for each CR the run made (10,000 CRs: ~17 min; the garbage collector
    // removes their children one by one after the finalizers)
    const deadline = Math.max(600_000, tracker.crs.size * 100);
    await crs.deleteAll(deadline).catch((err: unknown) => console.error(`cleanup of ${side.name}: ${String(err)}`));
    await controller.stop();
    tracker.stop();
    console.log(`[bench] ${side.name}: clean after ${since()}`);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Percentile p (0–100) of `values`, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
