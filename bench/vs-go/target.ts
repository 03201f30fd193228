// What a side-by-side bench runs: the design, the CRs it creates, the child kinds it watches, what
// "settled" means for one CR and what must be gone before the next run. vs-go runs the Memcached
// target; bench/replicated-store.bench.ts runs the ReplicatedStore one (replicated-store/target.ts),
// bench/vs-kro.bench.ts the Web app (vs-kro/target.ts), with kro's controller as a third side.
import type { Design } from '../../packages/shared/src/design/schema';
import { benchDesign, sideNamespace, type SideName } from './design';
import { isSettled, type CrState } from './tracker';

export interface BenchTarget {
  /** The design of one side, with that side's own API group (`<prefix>-<side>.<domain>`). */
  design(side: SideName): Design;
  /** The side's namespace. */
  namespace(side: SideName): string;
  /** The design's kind, plural (the CRs' resource). */
  readonly plural: string;
  /** `spec` of a new CR; `size` is what the workload asks for (vs-go's spec.size), a target may ignore it. */
  spec(size: number): Record<string, unknown>;
  /** The spec field an edit patches and the tracked child's `spec.replicas` follows (`size`, `replicas`). */
  readonly sizeField: string;
  /** The child kind the tracker follows by name (its collection under the namespace, e.g. `apps/v1/deployments`). */
  readonly child: string;
  /** The name of a CR's `child` (Memcached: the CR's own; the Web app: `<cr>-deployment`). */
  childName(cr: string): string;
  /**
   * Every child kind one CR of `spec(n)` makes one object of, `child` among them: a burst has applied
   * every child once each collection holds one more object per new CR.
   */
  readonly applied: readonly string[];
  /** The per-CR milestone the burst and memory workloads wait for. */
  readonly settled: (cr: CrState) => boolean;
  /** Collections under the namespace that must be empty before the next run (pods: kwok's capacity). */
  readonly drained: readonly string[];
  /** Of those, the ones nobody deletes by owner (a StatefulSet's claims): the cleanup deletes them itself. */
  readonly swept?: readonly string[];
  /** kro's side: the design as a ResourceGraphDefinition (a file under bench/kro), renamed to the side's group. */
  readonly rgdFile?: string;
}

/** A collection's path under a namespace: `apps/v1/deployments` → `/apis/apps/v1/namespaces/<ns>/deployments`. */
export function namespacedPath(ns: string, resource: string): string {
  const parts = resource.split('/');
  const plural = parts.pop()!;
  const base = parts.length === 1 ? `/api/${parts[0]}` : `/apis/${parts.join('/')}`;
  return `${base}/namespaces/${ns}/${plural}`;
}

export const MEMCACHED: BenchTarget = {
  design: benchDesign,
  namespace: sideNamespace,
  plural: 'memcacheds',
  spec: (size) => ({ size }),
  sizeField: 'size',
  child: 'apps/v1/deployments',
  childName: (cr) => cr,
  applied: ['apps/v1/deployments'],
  settled: isSettled,
  drained: ['apps/v1/deployments', 'v1/pods'],
};
