// What every procedure gets: the long-lived services of this controller process. Built once at
// start-up (server.ts), handed to each request unchanged; tests build one with real services.
import type { ClusterWatcher } from '../kube/cluster-watcher';
import type { LiveBus } from '../live/bus';
import type { SnapshotRegistry } from '../live/snapshots';
import type { StudioDb } from '../db';
import type { DesignStore } from '../designs';
import type { CrdService } from '../install';

export interface ApiContext {
  readonly cluster: ClusterWatcher;
  readonly bus: LiveBus;
  readonly snapshots: SnapshotRegistry;
  readonly db: StudioDb;
  readonly designs: DesignStore;
  readonly crds: CrdService;
}
