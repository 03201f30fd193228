// What the resources API and its live topics carry (docs/design/0010-resources-api.md). Rows and
// conditions come from packages/shared (pure, also usable in the browser).
import type { JSONSchemaProps, JSONValue } from '@opstudio/shared/crd/types';
import type { RowCondition } from '@opstudio/shared/resources/index';

export type { PrinterCell, ResourceRow, RowCondition } from '@opstudio/shared/resources/index';

export interface PrinterColumn {
  readonly name: string;
  readonly type: string;
  readonly format?: string;
  readonly description?: string;
  readonly priority: number;
  readonly jsonPath: string;
}

export interface ResourceKindVersion {
  readonly name: string;
  readonly served: boolean;
  readonly storage: boolean;
  readonly deprecated: boolean;
}

/** One CRD in the cluster, ready for navigation, tables and a schema-driven form. */
export interface ResourceKind {
  readonly uid: string;
  /** The CRD name, `<plural>.<group>`. */
  readonly name: string;
  readonly group: string;
  readonly kind: string;
  readonly listKind: string;
  readonly plural: string;
  readonly singular: string;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly scope: 'Namespaced' | 'Cluster';
  readonly versions: readonly ResourceKindVersion[];
  /** The version to show: the storage version if served, else the first served; null if none is served. */
  readonly version: string | null;
  readonly established: boolean;
  /** Installed by the studio (label studio.opstudio.dev/design); null: an "other kind". */
  readonly designId: string | null;
  /** The pinned design version (annotation studio.opstudio.dev/design-version). */
  readonly designVersion: number | null;
  /** additionalPrinterColumns of `version`. */
  readonly printerColumns: readonly PrinterColumn[];
  /** openAPIV3Schema of `version`, the API server's JSON (x-kubernetes-* keys kept). */
  readonly schema: JSONSchemaProps | null;
  readonly subresources: { readonly status: boolean; readonly scale: boolean };
}

/** A workload the CR controls (directly or through others): what runs its pods. */
export interface OwnedWorkload {
  readonly uid: string;
  /** Deployment, StatefulSet, DaemonSet, ReplicaSet (one no Deployment owns), Job, CronJob. */
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
  /** Pods wanted, running (current), ready, …; a Job's `desired` is its completions, a CronJob's all 0. */
  readonly replicas: {
    readonly desired: number;
    readonly current: number;
    readonly ready: number;
    readonly updated: number;
    readonly available: number;
    readonly unavailable: number;
  };
  /** One line for the panel: `2/3 ready`, `1 active, 2 succeeded`, `schedule @hourly, 1 active`. */
  readonly summary: string;
  readonly generation: number | null;
  readonly observedGeneration: number | null;
  readonly conditions: readonly RowCondition[];
  readonly createdAt: string | null;
}

export interface OwnedPod {
  readonly uid: string;
  readonly name: string;
  readonly namespace: string;
  /** The workload it belongs to (its Deployment, not the ReplicaSet between); '' for a bare Pod. */
  readonly workload: string;
  readonly workloadKind: string;
  readonly phase: string;
  /** Why it is not running: the scheduler's reason (PodScheduled False) or a waiting container's; null when none. */
  readonly reason: string | null;
  /** The Ready condition is True. */
  readonly ready: boolean;
  readonly readyContainers: number;
  readonly containers: number;
  readonly restarts: number;
  readonly node: string | null;
  readonly podIP: string | null;
  readonly createdAt: string | null;
  readonly deletionTimestamp: string | null;
}

/** A PersistentVolumeClaim of the CR: one it controls, or one of its StatefulSets' volume claim templates. */
export interface OwnedClaim {
  readonly uid: string;
  readonly name: string;
  readonly namespace: string;
  /** Pending, Bound, Lost. */
  readonly phase: string;
  /** status.capacity.storage once bound, else the request. */
  readonly capacity: string | null;
  readonly storageClass: string | null;
  /** The pod that mounts it (or will: a StatefulSet's `<sts>-<ordinal>`); null when none. */
  readonly pod: string | null;
  readonly createdAt: string | null;
  readonly deletionTimestamp: string | null;
}

/**
 * Any object a CR controls, directly or through others (`owned:<uid>`'s `objects`): one entry
 * per object of the kinds the OwnedWatcher looks in (Deployments, ReplicaSets, Pods by default;
 * Services, ConfigMaps, StatefulSets, … when configured), parents before children.
 */
export interface OwnedObject {
  /** '' for the core group. */
  readonly group: string;
  readonly version: string;
  /** The plural resource name (what RBAC checks): `services`, `statefulsets`. */
  readonly resource: string;
  readonly kind: string;
  readonly uid: string;
  readonly name: string;
  /** '' for a cluster-scoped object. */
  readonly namespace: string;
  /** The uid of its controller: the CR itself or an owned object above it. */
  readonly ownerUid: string;
  /** 1: controlled by the CR itself; 2: by one of those; … */
  readonly depth: number;
  /** The design's child it is (a resource graph's id, its component label), when the studio made it. */
  readonly child: string | null;
  /** A collection's object: its element's key (docs/design/0041). */
  readonly element: string | null;
  /** status.conditions, when the kind has them. */
  readonly conditions: readonly RowCondition[];
  readonly createdAt: string | null;
  readonly deletionTimestamp: string | null;
}

export interface ControllerInfo {
  readonly crdName: string;
  readonly group: string;
  readonly kind: string;
  readonly plural: string;
  readonly version: string | null;
  /** The metrics label (`controller_runtime_reconcile_total{controller=…}`): the kind lowercased. */
  readonly controller: string;
  readonly designId: string;
  readonly designVersion: number | null;
  readonly established: boolean;
  /** A controller for this kind runs in this process now (only on the Lease holder). */
  readonly running: boolean;
}

export interface CustomObjectMeta {
  readonly name: string;
  readonly namespace?: string;
  readonly uid: string;
  readonly resourceVersion: string;
  readonly generation?: number;
  readonly generateName?: string;
  readonly creationTimestamp?: string;
  readonly deletionTimestamp?: string;
  readonly labels?: Record<string, string>;
  readonly annotations?: Record<string, string>;
  readonly finalizers?: readonly string[];
  readonly ownerReferences?: readonly {
    readonly apiVersion: string;
    readonly kind: string;
    readonly name: string;
    readonly uid: string;
    readonly controller?: boolean;
  }[];
}

/** A custom resource as the API server sends it, without metadata.managedFields. */
export interface CustomObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: CustomObjectMeta;
  readonly spec?: { readonly [key: string]: JSONValue };
  readonly status?: { readonly [key: string]: JSONValue };
}
