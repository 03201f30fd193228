// One kubeconfig context's services (docs/design/0035-several-clusters.md): the connection
// (informers + health probe), the shared informer cache, the CRDs as kinds and the on-demand
// watches behind the resources topics, the live bus and its snapshot sources, RBAC reviews and
// impersonation, and the embedded controller-manager, whose Lease lives in that cluster.
// The default context is started as the studio always started its cluster: wait for the informers'
// first answer, then campaign. Any other context starts without waiting: its ClusterWatcher says
// "connecting…"/"disconnected" and its informers retry with backoff, so a request for a cluster
// that does not answer is answered at once instead of waiting for it (docs/design/0019).
// Each set learns its cluster's id (cluster-identity.ts) when the cluster first answers; pauses and
// reconcile runs are kept under it, and the default's set claims the rows stored before clusters had ids.
import type { ClusterContext } from '../api/context';
import type { StudioDb } from '../db';
import { ClusterIdentity, learnClusterId } from './cluster-identity';
import { rememberContext } from './remembered';
import type { DesignStore } from '../designs';
import { CrdClient } from '../install/crd-client';
import { repointConversions, unreachableFrom, type ConversionEndpoint } from '../install/conversion';
import type { ConversionWebhook } from '../conversion/webhook';
import { CrdService } from '../install';
import { ClusterWatcher } from '../kube/cluster-watcher';
import type { ClusterWatcherOptions } from '../kube/cluster-watcher';
import { InformerCache } from '../kube/informer-cache';
import { KindSchemas } from '../kube/kind-schemas';
import type { LoadedKubeConfig } from '../kube/kubeconfig';
import { LiveBus } from '../live/bus';
import { SnapshotRegistry } from '../live/snapshots';
import { logFn } from '../log/logger';
import type { Logger } from '../log/logger';
import { DEFAULT_LEASE, startControllerManager } from '../operators';
import type { ManagerOptions } from '../operators';
import { KindsWatcher, KindWatches, OwnedWatcher, ResourcesService } from '../resources';
import { OWNED_KINDS } from '../resources/owned-kinds';
import { AccessReviewer, KubeIdentities, studioUserNamed } from '../auth';
import { resumeMigrations } from '../migration/resume';
import type { AuthConfig } from '../auth';

export interface ClusterServicesOptions extends ClusterWatcherOptions {
  /** The controller-manager's Lease (default kube-system/operator-studio-controller-manager); tests use their own. */
  readonly lease?: ManagerOptions['lease'];
  /** How long a kind's informer (and the owned-objects informers) keep running after the last subscriber left. */
  readonly watchLingerMs?: number;
  /** Reconcile workers per installed kind (OPSTUDIO_MAX_CONCURRENT_RECONCILES; default 1). */
  readonly maxConcurrentReconciles?: number;
  /** The root logger: each component writes through its own child (`component`); wins over `log`. */
  readonly logger?: Logger;
}

/** The studio-wide services a cluster's services use. */
export interface ClusterServicesDeps {
  readonly db: StudioDb;
  readonly designs: DesignStore;
  readonly auth: AuthConfig;
  /** The studio's CRD conversion webhook (docs/design/0053), when the server runs one. */
  readonly conversion?: ConversionWebhook | undefined;
}

export interface RunningCluster {
  readonly context: ClusterContext;
  /** The informer cache this cluster's services read from (`stats()` shows what is watched). */
  readonly informers: InformerCache;
  stop(): Promise<void>;
}

/**
 * The default context's set, started as the studio always started its cluster: resolves once the
 * informers answered (their first list, or their first failure), and only then starts the
 * controller-manager; a start that fails stops what it started and throws.
 */
export async function startDefaultClusterServices(
  conn: LoadedKubeConfig,
  deps: ClusterServicesDeps,
  opts: ClusterServicesOptions,
): Promise<RunningCluster> {
  const set = buildClusterServices(conn, deps, opts, true);
  try {
    await set.connect();
  } catch (err) {
    set.abort();
    throw err;
  }
  return set.withManager();
}

/** Any other context's set: everything starts in the background, the set is returned at once. */
export function startClusterServices(
  conn: LoadedKubeConfig,
  deps: ClusterServicesDeps,
  opts: ClusterServicesOptions,
): RunningCluster {
  const set = buildClusterServices(conn, deps, opts);
  const running = set.withManager();
  // informers that fail retry by themselves; what is left to report is a start that threw
  set.connect(true).catch((err: unknown) => set.log(`start failed: ${String(err)}`));
  return running;
}

function buildClusterServices(
  conn: LoadedKubeConfig,
  deps: ClusterServicesDeps,
  opts: ClusterServicesOptions,
  isDefault = false,
) {
  const stop = new AbortController();
  const logOf = (component: string) => {
    const log = opts.logger !== undefined ? logFn(opts.logger.child({ component })) : opts.log;
    return log !== undefined ? { log } : {};
  };
  const bus = new LiveBus();
  const snapshots = new SnapshotRegistry();
  const cluster = new ClusterWatcher(conn, bus, { ...opts, ...logOf('cluster') });
  cluster.registerSnapshots(snapshots);
  const clusterIdentity = new ClusterIdentity();
  const learning = learnClusterId({
    kc: conn.kc,
    contextName: conn.contextName,
    cluster,
    identity: clusterIdentity,
    ...(isDefault ? { claim: deps.db } : {}),
    log: logOf('cluster').log ?? (() => undefined),
    signal: stop.signal,
  }).catch((err: unknown) => logOf('cluster').log?.('Learning the cluster id failed', { error: String(err) }));
  // a context the studio installed in is started at the next boot (remembered.ts)
  const conversion = conversionEndpoint(deps.conversion, conn, stop.signal, logOf('conversion').log);
  const crds = new CrdService(conn.kc, deps.designs, bus, {
    identityNamespace: (opts.lease ?? DEFAULT_LEASE).namespace,
    ...(conversion !== undefined ? { conversion } : {}),
    onInstalled: () =>
      rememberContext(deps.db, conn.contextName).catch((err: unknown) =>
        logOf('cluster').log?.('Remembering the context failed', { error: String(err) }),
      ),
  });
  crds.registerSnapshots(snapshots);
  // every CRD as a kind (always on), a kind's CRs and a CR's owned objects (on demand)
  const logOpt = logOf('watches');
  const informers = new InformerCache({
    kc: conn.kc,
    cluster: conn.contextName,
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
  const authLog = logOf('auth');
  const access = new AccessReviewer(conn.kc, { mapping: deps.auth.identity, ...authLog });
  // single-user mode acts with the kubeconfig's own identity; multi-user mode impersonates each user
  const identities = new KubeIdentities(conn.kc, deps.auth.identity, { impersonate: deps.auth.mode === 'multi-user' });

  return {
    log: logOf('cluster').log ?? (() => undefined),
    /** `together`: the CRDs are asked for at once, so a request right after a start waits for them, not for nothing. */
    connect: async (together = false) => {
      if (together) {
        await Promise.all([cluster.start(stop.signal), kinds.start(stop.signal)]);
        return;
      }
      await cluster.start(stop.signal);
      await kinds.start(stop.signal);
    },
    abort: () => {
      stop.abort();
      informers.stop();
    },
    /** Starts the embedded controller-manager (reconciles on the Lease holder only) and the timeline topic. */
    withManager: (): RunningCluster => {
      const controllers = startControllerManager({
        kc: conn.kc,
        db: deps.db,
        cluster: clusterIdentity,
        bus,
        snapshots,
        cache: informers,
        contextName: conn.contextName,
        ...logOf('manager'),
        ...(opts.lease !== undefined ? { lease: opts.lease } : {}),
        ...(opts.maxConcurrentReconciles !== undefined
          ? { maxConcurrentReconciles: opts.maxConcurrentReconciles }
          : {}),
        // a pass a killed studio left is resumed by the next leader, as the user it wrote as
        leaderWork: (signal) =>
          resumeMigrations(
            {
              identities,
              userNamed: (name) => studioUserNamed(deps.db, name),
              log: logOf('migration').log ?? (() => undefined),
            },
            signal,
          ),
      });
      // The probe found the API server again: every informer and the Lease campaign retry now instead
      // of waiting out backoffs that grew during the outage (docs/design/0019-outage-recovery.md).
      cluster.onReconnected(() => {
        informers.kickAll();
        controllers.manager.kick();
      });
      return {
        context: {
          cluster,
          kindSchemas: new KindSchemas(),
          bus,
          snapshots,
          crds,
          resources,
          history: controllers.history,
          manager: controllers.manager,
          clusterIdentity,
          access,
          identities,
        },
        informers,
        stop: async () => {
          stop.abort();
          kindWatches.stopAll();
          owned.stopAll();
          await Promise.all([controllers.stop(), learning]);
          informers.stop();
        },
      };
    },
  };
}

/**
 * The webhook as this cluster's API server reaches it; where it can, the CRDs installed with it
 * are re-pointed now (a restart gives a new port) and whenever the CA is renewed.
 */
function conversionEndpoint(
  webhook: ConversionWebhook | undefined,
  conn: LoadedKubeConfig,
  signal: AbortSignal,
  log: ((message: string, fields?: Record<string, unknown>) => void) | undefined,
): ConversionEndpoint | undefined {
  if (webhook === undefined) return undefined;
  const endpoint: ConversionEndpoint = {
    clientConfig: (id, version) => webhook.clientConfig(id, version),
    unreachable: unreachableFrom(conn.server),
  };
  if (endpoint.unreachable !== undefined) return endpoint;
  const client = new CrdClient(conn.kc);
  const repoint = () =>
    void repointConversions(client, endpoint)
      .then(({ repointed }) => {
        if (repointed.length > 0) log?.('Re-pointed the conversion webhook of installed CRDs', { crds: repointed });
      })
      .catch((err: unknown) => log?.('Re-pointing the conversion webhooks failed', { error: String(err) }));
  repoint();
  const off = webhook.onBundleChange(repoint);
  signal.addEventListener('abort', off, { once: true });
  return endpoint;
}
