// What every procedure gets: the long-lived services of this controller process. Built once at
// start-up (server.ts), handed to each request unchanged; tests build one with real services.
import type { ClusterWatcher } from '../kube/cluster-watcher';
import type { KindSchemas } from '../kube/kind-schemas';
import type { LiveBus } from '../live/bus';
import type { SnapshotRegistry } from '../live/snapshots';
import type { StudioDb } from '../db';
import type { DesignStore } from '../designs';
import type { HistoryStore } from '../history/store';
import type { CrdService } from '../install';
import type { ControllerManager } from '../operators/manager';
import type { ResourcesService } from '../resources/service';
import type { AuditLog } from '../audit';
import type { AccessReviewer, AuthContext, KubeIdentities, StudioAuth } from '../auth';
import type { SessionRef } from '../auth/session-watch';

export interface ApiContext {
  readonly cluster: ClusterWatcher;
  /** Kinds' JSON schemas from the cluster's OpenAPI v3 documents, for the template editor. */
  readonly kindSchemas: KindSchemas;
  readonly bus: LiveBus;
  readonly snapshots: SnapshotRegistry;
  readonly db: StudioDb;
  readonly designs: DesignStore;
  readonly crds: CrdService;
  readonly resources: ResourcesService;
  readonly history: Pick<HistoryStore, 'page' | 'recentFailures'>;
  /** The embedded controller-manager: what runs here, and whether this replica leads. */
  readonly manager: Pick<ControllerManager, 'active' | 'isLeader' | 'handOff' | 'whoReconciles'>;
  readonly auth: StudioAuth;
  readonly audit: AuditLog;
  /** SubjectAccessReviews for filtering cached reads per user. */
  readonly access: AccessReviewer;
  /** The KubeConfig to write with for a user (impersonating in multi-user mode). */
  readonly identities: KubeIdentities;
}

/**
 * One request's context: the services plus who is asking (`user`: undefined when signed out) and,
 * for a signed-in multi-user request, the session behind it (a live stream ends with it; absent
 * for in-process callers).
 */
export type RequestContext = ApiContext & AuthContext & { readonly session?: SessionRef | undefined };
