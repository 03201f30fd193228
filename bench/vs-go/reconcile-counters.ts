// Where an edit's time goes, on each side, from the metrics its controller exports: how many
// reconciles and queue adds it caused, how long a reconcile took and how long a key waited in the
// work queue (controller-runtime's controller_runtime_reconcile_* on the embedded and the Go side,
// kro's dynamic_controller_reconcile_*; workqueue_* on all three; Prometheus text as /metrics
// serves it). Read before and after a workload; the difference is the workload's.

export interface ReconcileCounters {
  readonly reconciles: number;
  /** Reconciles that returned an error (a failed write: a conflict, a refusal). */
  readonly errors: number;
  readonly reconcileSeconds: number;
  readonly queueAdds: number;
  readonly queueWaits: number;
  readonly queueWaitSeconds: number;
}

/** The metric names a side's counters are read from ('' for one its controller does not export: NaN). */
export interface CounterNames {
  readonly reconciles: string;
  readonly errors: string;
  readonly reconcileSeconds: string;
}

/** controller-runtime's names, which the embedded controller exports too. */
export const CONTROLLER_RUNTIME_COUNTERS: CounterNames = {
  reconciles: 'controller_runtime_reconcile_total',
  errors: 'controller_runtime_reconcile_errors_total',
  reconcileSeconds: 'controller_runtime_reconcile_time_seconds_sum',
};

/**
 * kro's instance controller (pkg/metrics/dynamiccontroller.go): one reconcile total and its time per
 * instance kind; no error counter (its failures are requeues of several kinds), hence n/a.
 */
export const KRO_COUNTERS: CounterNames = {
  reconciles: 'dynamic_controller_reconcile_total',
  errors: '',
  reconcileSeconds: 'dynamic_controller_reconcile_duration_seconds_sum',
};

/** The sum over every series of `name` (labels ignored) in Prometheus text exposition. */
export function metricSum(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!rest.startsWith(' ') && !rest.startsWith('{')) continue; // another metric sharing the prefix
    const value = Number(
      rest
        .slice(rest.lastIndexOf('}') + 1)
        .trim()
        .split(' ')[0],
    );
    if (Number.isFinite(value)) sum += value;
  }
  return sum;
}

export function reconcileCounters(text: string, names: CounterNames = CONTROLLER_RUNTIME_COUNTERS): ReconcileCounters {
  const sum = (name: string) => (name === '' ? NaN : metricSum(text, name));
  return {
    reconciles: sum(names.reconciles),
    errors: sum(names.errors),
    reconcileSeconds: sum(names.reconcileSeconds),
    queueAdds: metricSum(text, 'workqueue_adds_total'),
    queueWaits: metricSum(text, 'workqueue_queue_duration_seconds_count'),
    queueWaitSeconds: metricSum(text, 'workqueue_queue_duration_seconds_sum'),
  };
}

/** Per edit: reconciles, failed reconciles and queue adds, and the mean reconcile and queue wait in ms. */
export function perEdit(before: ReconcileCounters, after: ReconcileCounters, edits: number) {
  const reconciles = after.reconciles - before.reconciles;
  const waits = after.queueWaits - before.queueWaits;
  return {
    reconcilesPerEdit: reconciles / edits,
    errorsPerEdit: (after.errors - before.errors) / edits,
    addsPerEdit: (after.queueAdds - before.queueAdds) / edits,
    meanReconcileMs: reconciles === 0 ? NaN : ((after.reconcileSeconds - before.reconcileSeconds) * 1000) / reconciles,
    meanQueueWaitMs: waits === 0 ? NaN : ((after.queueWaitSeconds - before.queueWaitSeconds) * 1000) / waits,
  };
}
