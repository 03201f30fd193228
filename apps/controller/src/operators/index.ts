// The embedded controller-manager: for every CRD the studio installed (labelled with its design),
// a controller For(kind).Owns(Deployment) reconciling with the pinned design version, with
// kubebuilder deploy-image parity (finalizer, conditions, Events, pod names in status), every
// run stored in the reconcile history. Reconcilers run on the Lease holder only; the timeline
// snapshot (from the database) and `events:<uid>` are served on every replica. The operators and
// the Events watcher read from one informer cache (the caller's, shared with the resource pages).
import type { KubeConfig } from '@kubernetes/client-node';
import type { ClusterIdentity } from '../clusters/cluster-identity';
import type { StudioDb } from '../db';
import { HistoryStore } from '../history/store';
import { historyRetentionFromEnv } from '../history/retention';
import { ObjectEventsWatcher } from '../history/object-events';
import { InformerCache } from '../kube/informer-cache';
import type { ResourceSpec } from '../kube/resource-spec';
import type { LiveBus } from '../live/bus';
import type { SnapshotRegistry } from '../live/snapshots';
import { apiServerEventSink, EventRecorder } from '../runtime/recorder';
import { ControllerManager } from './manager';
import type { ManagerOptions } from './manager';

export { ControllerManager, DEFAULT_LEASE, type ManagerOptions } from './manager';
export { GraphOperator, type GraphOperatorOptions } from './graph-operator';
export { createGraphReconciler, type GraphReconcilerDeps } from './graph-reconcile';

export interface StartedManager {
  readonly manager: ControllerManager;
  readonly history: HistoryStore;
  stop(): Promise<void>;
}

/** Wires history, recorder, manager and the Events watcher; registers `timeline:<uid>` and `events:<uid>`; campaigns for the Lease in the background. */
export function startControllerManager(deps: {
  kc: KubeConfig;
  db: StudioDb;
  /** The cluster `kc` talks to: pauses and runs are stored and read under its id. */
  cluster: ClusterIdentity;
  bus: LiveBus;
  snapshots: SnapshotRegistry;
  /** Structured fields go on as they are (a logger keeps them as fields: services.ts). */
  log?: (message: string, fields?: Record<string, unknown>) => void;
  lease?: ManagerOptions['lease'];
  /** The kubeconfig context: the `cluster` label of the controllers' metrics. */
  contextName?: string;
  /** The shared informer cache; without it one is made here (and stopped with the manager). */
  cache?: InformerCache;
  /** The kinds between an Event and its CR (ObjectEventsWatcher's default: Deployments, ReplicaSets, Pods). */
  ownedKinds?: readonly ResourceSpec[];
  /** Reconcile workers per kind (controller-runtime's MaxConcurrentReconciles; default 1). */
  maxConcurrentReconciles?: number;
  /** More of the leader's work (ManagerOptions.leaderWork). */
  leaderWork?: ManagerOptions['leaderWork'];
}): StartedManager {
  const log = deps.log;
  const ownCache = deps.cache === undefined;
  const cache = deps.cache ?? new InformerCache({ kc: deps.kc, ...(deps.log !== undefined ? { log: deps.log } : {}) });
  const history = new HistoryStore({
    db: deps.db,
    cluster: deps.cluster,
    bus: deps.bus,
    retention: historyRetentionFromEnv(),
    ...(log !== undefined ? { log } : {}),
  });
  history.registerSnapshots(deps.snapshots);
  const recorder = new EventRecorder({ sink: apiServerEventSink(deps.kc), ...(log !== undefined ? { log } : {}) });
  const manager = new ControllerManager({
    kc: deps.kc,
    db: deps.db,
    cluster: deps.cluster,
    recorder,
    history,
    cache,
    ...(deps.lease !== undefined ? { lease: deps.lease } : {}),
    ...(deps.contextName !== undefined ? { contextName: deps.contextName } : {}),
    ...(deps.maxConcurrentReconciles !== undefined ? { maxConcurrentReconciles: deps.maxConcurrentReconciles } : {}),
    ...(deps.leaderWork !== undefined ? { leaderWork: deps.leaderWork } : {}),
    ...(log !== undefined ? { log } : {}),
  });
  const stop = new AbortController();
  // Events of an object and what it owns: served on every replica, not only the leader
  const objectEvents = new ObjectEventsWatcher(deps.kc, deps.bus, deps.log, {
    cache,
    ...(deps.ownedKinds !== undefined ? { ownedKinds: deps.ownedKinds } : {}),
  });
  objectEvents.registerSnapshots(deps.snapshots);
  const watching = objectEvents
    .start(stop.signal)
    .catch((err: unknown) => log?.('Events watcher stopped', { error: String(err) }));
  // the leader publishes the runs it records; the other replicas' subscribers get them through the table
  const tailing = history
    .tail(stop.signal, { isLeader: () => manager.isLeader })
    .catch((err: unknown) => log?.('History tail stopped', { error: String(err) }));
  const done = manager
    .start(stop.signal)
    .catch((err: unknown) => log?.('controller-manager stopped', { error: String(err) }));
  return {
    manager,
    history,
    stop: async () => {
      stop.abort();
      await Promise.all([done, watching, tailing]);
      if (ownCache) cache.stop();
      await history.idle();
    },
  };
}
