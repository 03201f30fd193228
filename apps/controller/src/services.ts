// The controller's long-lived services, wired once: the cluster connection (informers + health
// probe), the shared informer cache (every kind watched once: CRDs, the CRs of a kind, the
// operand Deployments/ReplicaSets/Pods, Events), the live bus and its snapshot sources, the
// database, the CRDs as kinds and the on-demand watches behind the resources topics, the
// embedded controller-manager. The HTTP
// server serves them; integration tests call them through `createCaller` with no HTTP in between.
import type { ApiContext } from './api/context';
import { openDb } from './db';
import { ClusterWatcher } from './kube/cluster-watcher';
import { InformerCache } from './kube/informer-cache';
import { KindSchemas } from './kube/kind-schemas';
import type { ClusterWatcherOptions } from './kube/cluster-watcher';
import type { LoadedKubeConfig } from './kube/kubeconfig';
import { LiveBus } from './live/bus';
import { SnapshotRegistry } from './live/snapshots';
import { startControllerManager } from './operators';
import type { ManagerOptions } from './operators';
import { DesignStore } from './designs';
import { CrdService } from './install';
import { KindsWatcher, KindWatches, OwnedWatcher, ResourcesService } from './resources';
import { OWNED_KINDS } from './resources/owned-kinds';
import { AuditLog } from './audit';
import { AccessReviewer, AuthService, KubeIdentities, loadAuthConfig, StudioAuth } from './auth';
import type { AuthConfig } from './auth';
import { logFn } from './log/logger';
import { metricsHistory } from './metrics-history';
import type { Logger } from './log/logger';

export interface ServicesOptions extends ClusterWatcherOptions {
  /** The controller-manager's Lease (default kube-system/operator-studio-controller-manager); tests use their own. */
  readonly lease?: ManagerOptions['lease'];
  /** How long a kind's informer (and the owned-objects informers) keep running after the last subscriber left. */
  readonly watchLingerMs?: number;
  /** Sign-in mode and security settings; default: single-user with the defaults. */
  readonly auth?: AuthConfig;
  /** Reconcile workers per installed kind (OPSTUDIO_MAX_CONCURRENT_RECONCILES; default 1). */
  readonly maxConcurrentReconciles?: number;
  /** The root logger: each component writes through its own child (`component`); wins over `log`. */
  readonly logger?: Logger;
}

export interface RunningServices {
  readonly services: ApiContext;
  /** The one informer cache the services read from (`stats()` shows what is watched). */
  readonly informers: InformerCache;
  stop(): Promise<void>;
}

export async function startServices(
  conn: LoadedKubeConfig,
  databaseUrl: string,
  opts: ServicesOptions = {},
): Promise<RunningServices> {
  const stop = new AbortController();
  const db = openDb(databaseUrl);
  const bus = new LiveBus();
  const snapshots = new SnapshotRegistry();
  const cluster = new ClusterWatcher(conn, bus, {
    ...opts,
    ...(opts.logger !== undefined ? { log: logFn(opts.logger.child({ component: 'cluster' })) } : {}),
  });
  cluster.registerSnapshots(snapshots);
  // the designs store asks the cluster before a delete: an installed design is still reconciled
  const designs: DesignStore = new DesignStore(db, (id) => crds.installedCrdOf(id));
  const crds = new CrdService(conn.kc, designs, bus);
  crds.registerSnapshots(snapshots);
  // every CRD as a kind (always on), a kind's CRs and a CR's owned objects (on demand)
  const logOf = (component: string) => {
    const log = opts.logger !== undefined ? logFn(opts.logger.child({ component })) : opts.log;
    return log !== undefined ? { log } : {};
  };
  const logOpt = logOf('watches');
  const informers = new InformerCache({
    kc: conn.kc,
    ...(opts.silenceMs !== undefined ? { silenceMs: opts.silenceMs } : {}),
    ...logOf('informers'),
  });
  const kinds = new KindsWatcher(conn.kc, bus, logOpt.log, informers);
  kinds.registerSnapshots(snapshots);
  const linger = opts.watchLingerMs !== undefined ? { lingerMs: opts.watchLingerMs } : {};
  const kindWatches = new KindWatches(conn.kc, bus, kinds, { ...linger, ...logOpt, cache: informers });
  kindWatches.registerSnapshots(snapshots);
  const owned = new OwnedWatcher(conn.kc, bus, { ...linger, ...logOpt, cache: informers, ownedKinds: OWNED_KINDS });
  owned.registerSnapshots(snapshots);
  const resources = new ResourcesService(conn.kc, kinds, informers, kindWatches);
  const authConfig = opts.auth ?? loadAuthConfig({});
  const audit = new AuditLog(db, logOf('audit').log);
  const authLog = logOf('auth');
  const auth = new StudioAuth({
    config: authConfig,
    service: new AuthService(db, { sessionTtlMs: authConfig.sessionTtlMs, ...authLog }),
    audit,
    ...authLog,
  });
  const access = new AccessReviewer(conn.kc, { mapping: authConfig.identity, ...authLog });
  // single-user mode acts with the kubeconfig's own identity; multi-user mode impersonates each user
  const identities = new KubeIdentities(conn.kc, authConfig.identity, {
    impersonate: authConfig.mode === 'multi-user',
  });
  try {
    await cluster.start(stop.signal);
    await kinds.start(stop.signal);
  } catch (err) {
    stop.abort();
    informers.stop();
    await db.$disconnect();
    throw err;
  }
  // the embedded controller-manager (reconciles on the Lease holder only) and the timeline topic
  const controllers = startControllerManager({
    kc: conn.kc,
    db,
    bus,
    snapshots,
    cache: informers,
    ...logOf('manager'),
    ...(opts.lease !== undefined ? { lease: opts.lease } : {}),
    ...(opts.maxConcurrentReconciles !== undefined ? { maxConcurrentReconciles: opts.maxConcurrentReconciles } : {}),
  });
  // sample the controllers' metrics from now on, so a kind page's charts have the minutes before it was opened
  metricsHistory();
  // The probe found the API server again: every informer and the Lease campaign retry now instead
  // of waiting out backoffs that grew during the outage (docs/design/0019-outage-recovery.md).
  cluster.onReconnected(() => {
    informers.kickAll();
    controllers.manager.kick();
  });
  return {
    services: {
      cluster,
      kindSchemas: new KindSchemas(),
      bus,
      snapshots,
      db,
      designs,
      crds,
      resources,
      history: controllers.history,
      manager: controllers.manager,
      auth,
      audit,
      access,
      identities,
    },
    informers,
    stop: async () => {
      stop.abort();
      kindWatches.stopAll();
      owned.stopAll();
      await controllers.stop();
      informers.stop();
      await db.$disconnect();
    },
  };
}
