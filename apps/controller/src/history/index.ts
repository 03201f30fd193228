// The reconcile history: every reconcile as a ReconcileRun row (triggers, outcome, actions with a
// short diff, condition transitions), published live on `timeline:<uid>`, served as a snapshot
// from the database on every replica, pruned to the last N runs per object in the background.
export { HistoryStore, toTimelineRun, type HistoryStoreOptions, type TailOptions } from './store';
export { historyRetentionFromEnv } from './retention';
export { ObjectEventsWatcher } from './object-events';
export type { ReconcilerReport, RunAction, RunOutcome, TimelineRun } from './types';
