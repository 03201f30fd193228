// The controller-manager's building blocks, in controller-runtime's shape but keeping what it
// throws away (why each reconcile ran):
//   - WorkQueue: dedup by key, one worker per key, re-run after done, rate-limited retries, triggers;
//   - WorkQueueController: N workers, one Outcome switch, an onRun hook per ReconcileAttempt (for the history);
//   - metrics under controller-runtime's names on prom-client's default registry;
//   - EventRecorder: events.k8s.io/v1 Events with series aggregation;
//   - LeaderElector: a coordination.k8s.io/v1 Lease, client-go's rules.
// Each long-running piece starts with an AbortSignal and stops cleanly.
export { FakeClock, realClock, type Clock, type Timer } from './clock';
export {
  WorkQueueController,
  type Reconcile,
  type ReconcileAttempt,
  type WorkQueueControllerOptions,
} from './controller';
export { LeaderElector, type LeaderElectorOptions } from './leader-election';
export { initControllerMetrics, leaderElectionStatus, prometheusQueueMetrics } from './metrics';
export { microTime, parseTime } from './micro-time';
export { outcome, TerminalError, toError, type Outcome, type OutcomeKind } from './outcome';
export {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialRateLimiter,
  MaxOfRateLimiter,
  type RateLimiter,
} from './rate-limiter';
export {
  apiServerEventSink,
  EventNotFoundError,
  EventRecorder,
  type EventInput,
  type EventRecorderOptions,
  type EventSink,
  type EventType,
  type ObjectReference,
} from './recorder';
export {
  objectKey,
  splitKey,
  watchTrigger,
  type Trigger,
  type TriggerKind,
  type TriggerObjectRef,
  type WatchEventType,
} from './triggers';
export { WorkQueue, type QueueMetrics, type WorkItem, type WorkQueueOptions } from './workqueue';
