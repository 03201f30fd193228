// Workloads 1 and 2. latency: `edits` spec.size patches on one CR, each timed until a watch sees
// the Deployment's spec.replicas follow. burst: `count` new CRs (size 1) at once, timed until
// every Deployment exists and until every CR is Available=True for its generation.
import { apiServerAndEtcdPids, cpuMs } from './proc';
import { perEdit, reconcileCounters } from './reconcile-counters';
import type { Session } from './session';
import { percentile } from './session';

export async function latency(
  { crs, tracker, side, controller }: Session,
  edits: number,
  /** Embedded only: where to write a CPU profile of the controller during the edits. */
  profileFile?: string,
): Promise<{ p50: number; p99: number; controllerCpuMs: number; serverCpuMs: number } & ReturnType<typeof perEdit>> {
  const replicas = () => tracker.deployments.get('latency');
  await crs.create(['latency'], 1);
  await tracker.until(`${side.name}: the latency Deployment`, 60_000, () => replicas() === 1);
  const before = reconcileCounters(await controller.metricsText());
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
    }
  };
  if (profileFile !== undefined && controller.cpuProfile !== undefined) await controller.cpuProfile(profileFile, edit);
  else await edit();
  const cpuAfter = cpu();
  const after = reconcileCounters(await controller.metricsText());
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    controllerCpuMs: (cpuAfter.controller - cpuBefore.controller) / edits,
    serverCpuMs: (cpuAfter.server - cpuBefore.server) / edits,
    ...perEdit(before, after, edits),
  };
}

export async function burst(
  { crs, tracker, side }: Session,
  count: number,
): Promise<{ deploymentsSeconds: number; availableSeconds: number }> {
  const names = Array.from({ length: count }, (_, i) => `burst-${i}`);
  // counted on top of what the session has already (the warm-up CR), read in O(1) per event
  const [deploymentsBefore, settledBefore] = [tracker.deployments.size, tracker.settled];
  const created = () => tracker.deployments.size - deploymentsBefore;
  const available = () => tracker.settled - settledBefore;
  const t0 = performance.now();
  // both waits start before the first create, so neither misses an event
  const deployments = tracker.until(`${side.name}: ${count} Deployments`, 900_000, () => created() === count);
  const allAvailable = tracker.until(`${side.name}: ${count} CRs Available`, 900_000, () => available() === count);
  await crs.create(names, 1);
  const [d, a] = await Promise.all([deployments, allAvailable]);
  return { deploymentsSeconds: (d - t0) / 1000, availableSeconds: (a - t0) / 1000 };
}
