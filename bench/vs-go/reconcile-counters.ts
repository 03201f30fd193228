// Where an edit's time goes, on either side, from the controller-runtime metrics both export:
// how many reconciles and queue adds it caused, how long a reconcile took and how long a key waited
// in the work queue (controller_runtime_reconcile_*, workqueue_*; Prometheus text as /metrics
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

export function reconcileCounters(text: string): ReconcileCounters {
  return {
    reconciles: metricSum(text, 'controller_runtime_reconcile_total'),
    errors: metricSum(text, 'controller_runtime_reconcile_errors_total'),
    reconcileSeconds: metricSum(text, 'controller_runtime_reconcile_time_seconds_sum'),
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
