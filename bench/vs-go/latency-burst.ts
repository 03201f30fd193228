// Workloads 1 and 2. latency: `edits` patches of the target's size field (Memcached's spec.size,
// the Web app's spec.replicas) on one CR, each timed until a watch sees the Deployment's
// spec.replicas follow. burst: `count` new CRs (size 1) at once, timed until every child is
// applied (each of the target's child kinds holds one more object per CR) and until every CR is
// ready for its generation (Available=True; kro: Ready=True); the controller's CPU per reconcile.
import { apiServerAndEtcdPids, cpuMs } from './proc';
import { perEdit, reconcileCounters } from './reconcile-counters';
import type { Session } from './session';
import { percentile } from './session';
import { namespacedPath } from './target';

export async function latency(
  { crs, tracker, side, controller }: Session,
  edits: number,
  /** Embedded only: where to write a CPU profile of the controller during the edits. */
  profileFile?: string,
  /** A pause after each edit is seen (the runs it started end before the next edit). */
  gapMs = 0,
): Promise<
  { p50: number; p99: number; controllerCpuMs: number; cpuPerReconcileMs: number; serverCpuMs: number } & ReturnType<
    typeof perEdit
  >
> {
  const replicas = () => tracker.deployments.get(side.target.childName('latency'));
  await crs.create(['latency'], 1);
  await tracker.until(`${side.name}: the latency Deployment`, 60_000, () => replicas() === 1);
  const before = reconcileCounters(await controller.metricsText(), side.counters);
  // CPU per edit: the controller's own, and the API server's and etcd's that its requests and watches cost
  const server = apiServerAndEtcdPids('bench');
  const cpu = () => ({ controller: cpuMs(controller.pid), server: server.reduce((sum, pid) => sum + cpuMs(pid), 0) });
  const cpuBefore = cpu();
  const samples: number[] = [];
  const edit = async () => {
    for (let i = 0; i < edits; i++) {
      const size = i % 8 === 7 ? 1 : (i % 4) + 2; // 2,3,4,5,2,3,4,1,…: every edit changes the size
      const t0 = performance.now();
      const reached = tracker.until(`${side.name}: Deployment replicas ${size}`, 60_000, () => replicas() === size);
      await crs.patchSize('latency', size);
      samples.push((await reached) - t0);
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  };
  if (profileFile !== undefined && controller.cpuProfile !== undefined) await controller.cpuProfile(profileFile, edit);
  else await edit();
  const cpuAfter = cpu();
  const after = reconcileCounters(await controller.metricsText(), side.counters);
  const controllerCpu = cpuAfter.controller - cpuBefore.controller;
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    controllerCpuMs: controllerCpu / edits,
    cpuPerReconcileMs: controllerCpu / (after.reconciles - before.reconciles),
    serverCpuMs: (cpuAfter.server - cpuBefore.server) / edits,
    ...perEdit(before, after, edits),
  };
}

export async function burst(
  { crs, tracker, side, controller }: Session,
  count: number,
): Promise<{ appliedSeconds: number; availableSeconds: number; cpuPerReconcileMs: number }> {
  const names = Array.from({ length: count }, (_, i) => `burst-${i}`);
  // counted on top of what the session has already (the warm-up CR's children), read in O(1) per event
  const paths = side.target.applied.map((r) => namespacedPath(side.ns, r));
  const appliedBefore = paths.map((p) => tracker.applied(p));
  const settledBefore = tracker.settled;
  const applied = () => paths.every((p, i) => tracker.applied(p) - appliedBefore[i]! >= count);
  const available = () => tracker.settled - settledBefore;
  const reconciles = async () => reconcileCounters(await controller.metricsText(), side.counters).reconciles;
  const [reconcilesBefore, cpuBefore] = [await reconciles(), cpuMs(controller.pid)];
  const t0 = performance.now();
  // both waits start before the first create, so neither misses an event
  const children = tracker.until(`${side.name}: ${count} CRs' children`, 900_000, applied);
  const allAvailable = tracker.until(`${side.name}: ${count} CRs ready`, 900_000, () => available() === count);
  await crs.create(names, 1);
  const [d, a] = await Promise.all([children, allAvailable]);
  const cpu = cpuMs(controller.pid) - cpuBefore;
  return {
    appliedSeconds: (d - t0) / 1000,
    availableSeconds: (a - t0) / 1000,
    cpuPerReconcileMs: cpu / ((await reconciles()) - reconcilesBefore),
  };
}
