// Prometheus metrics under controller-runtime's names, labels and buckets (pkg/metrics/workqueue.go
// and pkg/internal/controller/metrics), on prom-client's default registry (what /metrics serves),
// so dashboards and alerts written for kubebuilder operators work unchanged.
// Workqueue series carry `name` and `controller` (both the controller's name, as controller-runtime
// sets them) and depth also `priority` ("" without priorities).
// Every series also carries `cluster`, the kubeconfig context of the controller-manager that runs
// it (docs/design/0035): one studio runs a manager per cluster, and the same kind in two clusters
// would otherwise share every series.
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

/**
 * The `cluster` of a controller outside a studio's cluster sets (unit tests, benches): Prometheus
 * reads an empty label as no label, so such series look like controller-runtime's.
 */
export const NO_CLUSTER = '';

/** The labels of one controller's reconcile series. */
export interface ControllerLabels {
  readonly controller: string;
  readonly cluster: string;
}

const C = ['controller', 'cluster'] as const;
export const reconcileTotal = counter(
  'controller_runtime_reconcile_total',
  'Total number of reconciliations per controller',
  ['controller', 'result', 'cluster'] as const,
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
export function initControllerMetrics(labels: ControllerLabels, workers: number): void {
  for (const result of ['error', 'requeue_after', 'requeue', 'success'] as const)
    reconcileTotal.inc({ controller: labels.controller, result, cluster: labels.cluster }, 0); // controller-runtime's label order, then cluster
  reconcileErrors.inc(labels, 0);
  terminalReconcileErrors.inc(labels, 0);
  maxConcurrentReconciles.set(labels, workers);
  activeWorkers.set(labels, 0);
}

const Q = ['name', 'controller', 'cluster'] as const;
const depth = gauge('workqueue_depth', 'Current depth of workqueue by workqueue and priority', [
  'name',
  'controller',
  'priority',
  'cluster',
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

interface InFlightSource {
  readonly labels: { readonly name: string; readonly controller: string; readonly cluster: string };
  readonly now: () => number;
  readonly startTimes: () => Iterable<number>;
}

/** In-flight start times of each live queue by cluster and name, read when Prometheus scrapes (client-go polls every 500 ms instead). */
const inFlightSources = new Map<string, InFlightSource>();
/** One controller (or its queue) of one cluster as a map key: JSON, so no two pairs of names collide. */
export const controllerKey = (cluster: string, name: string): string => JSON.stringify([cluster, name]);

function inFlightSeconds(source: InFlightSource): number[] {
  const now = source.now();
  return [...source.startTimes()].map((t) => (now - t) / 1000);
}

/** A gauge set from every live queue's in-flight times when scraped; a stopped queue's series goes away. */
function inFlightGauge(name: string, help: string, value: (seconds: number[]) => number): void {
  once(
    name,
    () =>
      new Gauge({
        name,
        help,
        labelNames: Q,
        collect() {
          this.reset();
          for (const source of inFlightSources.values()) this.set(source.labels, value(inFlightSeconds(source)));
        },
      }),
  );
}
inFlightGauge(
  'workqueue_unfinished_work_seconds',
  "How many seconds of work has been done that is in progress and hasn't been observed by work_duration. Large values indicate stuck threads. One can deduce the number of stuck threads by observing the rate at which this increases.",
  (seconds) => seconds.reduce((a, b) => a + b, 0),
);
inFlightGauge(
  'workqueue_longest_running_processor_seconds',
  'How many seconds has the longest running processor for workqueue been running.',
  (seconds) => Math.max(0, ...seconds),
);

export interface QueueMetricsOptions {
  /** The kubeconfig context of the manager running the queue (default NO_CLUSTER). */
  readonly cluster?: string;
  readonly now?: () => number;
}

/**
 * The metrics sink for a WorkQueue named `name` in `cluster` (controller-runtime names a
 * controller's queue after the controller).
 */
export function prometheusQueueMetrics(name: string, opts: QueueMetricsOptions = {}): QueueMetrics {
  const cluster = opts.cluster ?? NO_CLUSTER;
  const labels = { name, controller: name, cluster };
  const depthLabels = { name, controller: name, priority: '', cluster };
  const now = opts.now ?? Date.now;
  const key = controllerKey(cluster, name);
  depth.set(depthLabels, 0);
  adds.inc(labels, 0);
  retries.inc(labels, 0);
  let source: InFlightSource | undefined;
  return {
    added: () => adds.inc(labels),
    depth: (delta) => (delta >= 0 ? depth.inc(depthLabels, delta) : depth.dec(depthLabels, -delta)),
    queued: (seconds) => queueDuration.observe(labels, seconds),
    worked: (seconds) => workDuration.observe(labels, seconds),
    retried: () => retries.inc(labels),
    watchInFlight: (startTimes) => {
      source = { labels, now, startTimes };
      inFlightSources.set(key, source);
    },
    // A controller restarted under the same name may already have registered its new queue.
    close: () => {
      if (source !== undefined && inFlightSources.get(key) === source) inFlightSources.delete(key);
    },
  };
}

/**
 * client-go's leader election gauge: 1 while this process holds the Lease `name` in `cluster`, 0 as
 * a standby (each cluster's manager campaigns for a Lease of the same name in its own cluster).
 */
export const leaderElectionStatus = gauge(
  'leader_election_master_status',
  "Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master. 'name' is the string used to identify the lease. Please make sure to group by name.",
  ['name', 'cluster'] as const,
);
