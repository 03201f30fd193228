// What every procedure gets: the long-lived services of this controller process, the studio-wide
// ones plus those of the cluster the request names (docs/design/0035). Built at start-up
// (services.ts) or at a cluster's first use (clusters/registry.ts); tests build one with real services.
import type { ClusterWatcher } from '../kube/cluster-watcher';
import type { LoadedKubeConfig } from '../kube/kubeconfig';
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
import type { ClusterIdentity } from '../clusters/cluster-identity';
import type { AccessReviewer, AuthContext, KubeIdentities, StudioAuth } from '../auth';
import type { SessionRef } from '../auth/session-watch';

/** Studio-wide: one of each per process, whichever cluster a request is for. */
export interface StudioContext {
  readonly db: StudioDb;
  readonly designs: DesignStore;
  readonly auth: StudioAuth;
  readonly audit: AuditLog;
  /** The kubeconfig's contexts as a whole: which one is the default (cluster.info, cluster.contexts). */
  readonly contexts: KubeContexts;
}

/** What the studio knows about the kubeconfig it was started with (clusters/registry.ts). */
export interface KubeContexts {
  /** The context the studio was started with: the one a request without a cluster is served for. */
  readonly defaultContext: string;
  /** The merged kubeconfig, its current context the default. */
  readonly kubeconfig: LoadedKubeConfig;
}

/** One kubeconfig context's services (clusters/cluster-services.ts): a request is served by its cluster's. */
export interface ClusterContext {
  readonly cluster: ClusterWatcher;
  /** Kinds' JSON schemas from the cluster's OpenAPI v3 documents, for the template editor. */
  readonly kindSchemas: KindSchemas;
  readonly bus: LiveBus;
  readonly snapshots: SnapshotRegistry;
  readonly crds: CrdService;
  readonly resources: ResourcesService;
  readonly history: Pick<HistoryStore, 'page' | 'recentFailures'>;
  /** The embedded controller-manager: what runs here, and whether this replica leads. */
  readonly manager: Pick<ControllerManager, 'active' | 'isLeader' | 'handOff' | 'whoReconciles' | 'leaseRefusal'>;
  /** Which cluster this is in the database (its kube-system uid): pauses are kept per cluster. */
  readonly clusterIdentity: Pick<ClusterIdentity, 'current' | 'require'>;
  /** SubjectAccessReviews for filtering cached reads per user. */
  readonly access: AccessReviewer;
  /** The KubeConfig to write with for a user (impersonating in multi-user mode). */
  readonly identities: KubeIdentities;
}

export interface ApiContext extends StudioContext, ClusterContext {}

/**
 * One request's context: the services plus who is asking (`user`: undefined when signed out) and,
 * for a signed-in multi-user request, the session behind it (a live stream ends with it; absent
 * for in-process callers).
 */
export type RequestContext = ApiContext & AuthContext & { readonly session?: SessionRef | undefined };
