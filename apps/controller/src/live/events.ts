// What travels on the live subscription. Each event names its topic; lists come as a snapshot
// followed by upserts and deletes (folded on the client by a pure reducer), small state (the
// cluster summary, an install's progress) always comes whole. The payload types of the services
// that publish here come from their `types.ts` modules, never from the services themselves: they
// import this module, and live/ stays the end of the line (eslint.config.mjs holds it there).
import type { SnapshotPage } from '@opstudio/shared/live/snapshot-pages';
import type { FamilyTopic } from '@opstudio/shared/live/topics';
import type { InstallOperation } from '../install/types';
import type { TimelineRun } from '../history/types';
import type {
  CustomObject,
  OwnedClaim,
  OwnedObject,
  OwnedPod,
  OwnedWorkload,
  ResourceKind,
  ResourceRow,
} from '../resources/types';

export interface ClusterSummary {
  readonly connected: boolean;
  /** The API server URL (never credentials). */
  readonly server: string;
  readonly context: string;
  /** e.g. v1.36.3; null until the first successful probe. */
  readonly version: string | null;
  readonly nodes: { readonly ready: number; readonly total: number };
  readonly namespaces: number;
  /** Why we are disconnected (or degraded), in words a user can act on. */
  readonly message: string | null;
  /** When `connected` last changed (ISO time). */
  readonly since: string;
}

export interface NamespaceSummary {
  readonly uid: string;
  readonly name: string;
  readonly phase: string;
  readonly createdAt: string | null;
}

export interface NodeSummary {
  readonly uid: string;
  readonly name: string;
  readonly ready: boolean;
  readonly createdAt: string | null;
}

/** One Kubernetes Event (events.k8s.io/v1) as the `events:<uid>` topic carries it (history/object-events.ts). */
export interface EventSummary {
  readonly uid: string;
  readonly namespace: string;
  readonly name: string;
  readonly type: string;
  readonly reason: string;
  readonly action: string;
  readonly note: string;
  readonly regarding: { readonly kind: string; readonly name: string; readonly uid: string };
  readonly count: number;
  /** ISO time of the last occurrence. */
  readonly lastTime: string | null;
  readonly reportingController: string;
}

type ListEvents<TTopic extends string, TItem> =
  | { readonly topic: TTopic; readonly type: 'snapshot'; readonly items: readonly TItem[] }
  | { readonly topic: TTopic; readonly type: 'upsert' | 'delete'; readonly item: TItem };

/** A list whose snapshot may come in pages (@opstudio/shared/live/snapshot-pages): the snapshot, then pages adding rows. */
type PagedListEvents<TTopic extends string, TItem> =
  | (SnapshotPage<TItem> & { readonly topic: TTopic })
  | { readonly topic: TTopic; readonly type: 'upsert' | 'delete'; readonly item: TItem };

export type LiveEvent =
  | { readonly topic: 'cluster'; readonly type: 'snapshot'; readonly cluster: ClusterSummary }
  | ListEvents<'namespaces', NamespaceSummary>
  | ListEvents<'nodes', NodeSummary>
  | { readonly topic: FamilyTopic<'install'>; readonly type: 'snapshot'; readonly operation: InstallOperation }
  // one object's reconcile history (history/store.ts): the newest runs from the database, then each new run
  | { readonly topic: FamilyTopic<'timeline'>; readonly type: 'snapshot'; readonly runs: readonly TimelineRun[] }
  | { readonly topic: FamilyTopic<'timeline'>; readonly type: 'run'; readonly run: TimelineRun }
  // Events about one CR and the objects it owns (history/object-events.ts)
  | ListEvents<FamilyTopic<'events'>, EventSummary>
  // every CRD in the cluster (resources/kinds.ts)
  | ListEvents<'kinds', ResourceKind>
  // the CRs of one kind, all namespaces or one (resources/kind-watches.ts); 10,000 of them come in pages
  | PagedListEvents<FamilyTopic<'resources'>, ResourceRow>
  // one CR whole, on subscribe and after every change, from its kind's informer (resources/kind-watches.ts,
  // docs/design/0050): null when it does not exist; `refused` when the user may not get it (multi-user
  // mode), in the words resources.get answers with
  | {
      readonly topic: FamilyTopic<'object'>;
      readonly type: 'snapshot';
      readonly object: CustomObject | null;
      readonly refused?: string;
    }
  // what one CR owns: its workloads, their Pods and its claims, and every owned object of the watched
  // kinds (`objects`, absent where nothing is shown: a withheld topic), always whole (resources/owned.ts)
  | {
      readonly topic: FamilyTopic<'owned'>;
      readonly type: 'snapshot';
      readonly workloads: readonly OwnedWorkload[];
      readonly pods: readonly OwnedPod[];
      readonly claims: readonly OwnedClaim[];
      readonly objects?: readonly OwnedObject[];
    };
