// Prometheus metrics under controller-runtime's names, labels and buckets (pkg/metrics/workqueue.go
// and pkg/internal/controller/metrics), on prom-client's default registry (what /metrics serves),
// so dashboards and alerts written for kubebuilder operators work unchanged.
// Workqueue series carry `name` and `controller` (both the controller's name, as controller-runtime
// sets them) and depth also `priority` ("" without priorities).
import { Counter, Gauge, Histogram, exponentialBuckets, register } from 'prom-client';
import type { Metric } from 'prom-client';
import type { QueueMetrics } from './workqueue';

/** Metrics are module singletons; a second import (tests, tsx reloads) reuses the registered one. */
function once<M extends Metric>(name: string, make: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? make();
}

const reconcileBuckets = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75,
  2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];
// 10 ns … 1000 s, as client-go's ExponentialBuckets(10e-9, 10, 12).
const queueBuckets = exponentialBuckets(10e-9, 10, 12);

function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return once(name, () => new Counter({ name, help, labelNames }));
}
function gauge<L extends string>(name: string, help: string, labelNames: readonly L[]): Gauge<L> {
  return once(name, () => new Gauge({ name, help, labelNames }));
}
function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
): Histogram<L> {
  return once(name, () => new Histogram({ name, help, labelNames, buckets }));
}

const C = ['controller'] as const;
export const reconcileTotal = counter(
  'controller_runtime_reconcile_total',
  'Total number of reconciliations per controller',
  ['controller', 'result'] as const,
);
export const reconcileErrors = counter(
  'controller_runtime_reconcile_errors_total',
  'Total number of reconciliation errors per controller',
  C,
);
export const terminalReconcileErrors = counter(
  'controller_runtime_terminal_reconcile_errors_total',
  'Total number of terminal reconciliation errors per controller',
  C,
);
export const reconcileTime = histogram(
  'controller_runtime_reconcile_time_seconds',
  'Length of time per reconciliation per controller',
  C,
  reconcileBuckets,
);
export const maxConcurrentReconciles = gauge(
  'controller_runtime_max_concurrent_reconciles',
  'Maximum number of concurrent reconciles per controller',
  C,
);
export const activeWorkers = gauge(
  'controller_runtime_active_workers',
  'Number of currently used workers per controller',
  C,
);

export type ReconcileResultLabel = 'success' | 'error' | 'requeue' | 'requeue_after';

/** Sets every series of a controller to 0 at start, as controller-runtime's initMetrics does, so rates work from the first scrape. */
export function initControllerMetrics(controller: string, workers: number): void {
  for (const result of ['error', 'requeue_after', 'requeue', 'success'] as const)
    reconcileTotal.inc({ controller, result }, 0);
  reconcileErrors.inc({ controller }, 0);
  terminalReconcileErrors.inc({ controller }, 0);
  maxConcurrentReconciles.set({ controller }, workers);
  activeWorkers.set({ controller }, 0);
}

const Q = ['name', 'controller'] as const;
const depth = gauge('workqueue_depth', 'Current depth of workqueue by workqueue and priority', [
  'name',
  'controller',
  'priority',
] as const);
const adds = counter('workqueue_adds_total', 'Total number of adds handled by workqueue', Q);
const queueDuration = histogram(
  'workqueue_queue_duration_seconds',
  'How long in seconds an item stays in workqueue before being requested',
  Q,
  queueBuckets,
);
const workDuration = histogram(
  'workqueue_work_duration_seconds',
  'How long in seconds processing an item from workqueue takes.',
  Q,
  queueBuckets,
);
const retries = counter('workqueue_retries_total', 'Total number of retries handled by workqueue', Q);

/** In-flight start times of each live queue, read when Prometheus scrapes (client-go polls every 500 ms instead). */
const inFlightSources = new Map<string, { now: () => number; startTimes: () => Iterable<number> }>();

function inFlightSeconds(name: string): number[] {
  const source = inFlightSources.get(name);
  if (source === undefined) return [];
  const now = source.now();
  return [...source.startTimes()].map((t) => (now - t) / 1000);
}

once(
  'workqueue_unfinished_work_seconds',
  () =>
    new Gauge({
      name: 'workqueue_unfinished_work_seconds',
      help: "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.",
      labelNames: ['name', 'controller'] as const,
      collect() {
        this.reset(); // a stopped queue's series goes away
        for (const name of inFlightSources.keys())
          this.set(
            { name, controller: name },
            inFlightSeconds(name).reduce((a, b) => a + b, 0),
          );
      },
    }),
);
once(
  'workqueue_longest_running_processor_seconds',
  () =>
    new Gauge({
      name: 'workqueue_longest_running_processor_seconds',
      help: 'How many seconds has the longest running processor for workqueue been running.',
      labelNames: ['name', 'controller'] as const,
      collect() {
        this.reset();
        for (const name of inFlightSources.keys())
          this.set({ name, controller: name }, Math.max(0, ...inFlightSeconds(name)));
      },
    }),
);

/** The metrics sink for a WorkQueue named `name` (controller-runtime names a controller's queue after the controller). */
export function prometheusQueueMetrics(name: string, now: () => number = Date.now): QueueMetrics {
  const labels = { name, controller: name };
  depth.set({ ...labels, priority: '' }, 0);
  adds.inc(labels, 0);
  retries.inc(labels, 0);
  let source: { now: () => number; startTimes: () => Iterable<number> } | undefined;
  return {
    added: () => adds.inc(labels),
    depth: (delta) =>
      delta >= 0 ? depth.inc({ ...labels, priority: '' }, delta) : depth.dec({ ...labels, priority: '' }, -delta),
    queued: (seconds) => queueDuration.observe(labels, seconds),
    worked: (seconds) => workDuration.observe(labels, seconds),
    retried: () => retries.inc(labels),
    watchInFlight: (startTimes) => {
      source = { now, startTimes };
      inFlightSources.set(name, source);
    },
    // A controller restarted under the same name may already have registered its new queue.
    close: () => {
      if (source !== undefined && inFlightSources.get(name) === source) inFlightSources.delete(name);
    },
  };
}

/** client-go's leader election gauge: 1 while this process holds the Lease `name`, 0 as a standby. */
export const leaderElectionStatus = gauge(
  'leader_election_master_status',
  "Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master. 'name' is the string used to identify the lease. Please make sure to group by name.",
  ['name'] as const,
);
