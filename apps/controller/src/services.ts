// The controller's long-lived services, wired once: the cluster connection (informers + health
// probe), the live bus and its snapshot sources, the database. The HTTP server serves them;
// integration tests call them through `createCaller` with no HTTP in between.
import type { ApiContext } from './api/context';
import { openDb } from './db';
import { ClusterWatcher } from './kube/cluster-watcher';
import type { ClusterWatcherOptions } from './kube/cluster-watcher';
import type { LoadedKubeConfig } from './kube/kubeconfig';
import { LiveBus } from './live/bus';
import { SnapshotRegistry } from './live/snapshots';
import { startControllerManager } from './operators';
import { DesignStore } from './designs';
import { CrdService } from './install';

export interface RunningServices {
  readonly services: ApiContext;
  stop(): Promise<void>;
}

export async function startServices(conn: LoadedKubeConfig, databaseUrl: string, opts: ClusterWatcherOptions = {}): Promise<RunningServices> {
  const stop = new AbortController();
  const db = openDb(databaseUrl);
  const bus = new LiveBus();
  const snapshots = new SnapshotRegistry();
  const cluster = new ClusterWatcher(conn, bus, opts);
  cluster.registerSnapshots(snapshots);
  // the designs store asks the cluster before a delete: an installed design is still reconciled
  const designs: DesignStore = new DesignStore(db, (id) => crds.installedCrdOf(id));
  const crds = new CrdService(conn.kc, designs, bus);
  crds.registerSnapshots(snapshots);
  try {
    await cluster.start(stop.signal);
  } catch (err) {
    stop.abort();
    await db.$disconnect();
    throw err;
  }
  // the embedded controller-manager (reconciles on the Lease holder only) and the timeline topic
  const controllers = startControllerManager({ kc: conn.kc, db, bus, snapshots, ...(opts.log !== undefined ? { log: opts.log } : {}) });
  return {
    services: { cluster, bus, snapshots, db, designs, crds },
    stop: async () => {
      stop.abort();
      await controllers.stop();
      await db.$disconnect();
    },
  };
}
