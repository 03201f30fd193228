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
  try {
    await cluster.start(stop.signal);
  } catch (err) {
    stop.abort();
    await db.$disconnect();
    throw err;
  }
  return {
    services: { cluster, bus, snapshots, db },
    stop: async () => {
      stop.abort();
      await db.$disconnect();
    },
  };
}
