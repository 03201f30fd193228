// The resources API's shapes as the pages use them (docs/design/0010-resources-api.md), from the
// controller's router (types only: nothing of the controller is bundled).
export type {
  CustomObject,
  OwnedClaim,
  OwnedObject,
  OwnedPod,
  OwnedWorkload,
  PrinterCell,
  PrinterColumn,
  ResourceKind,
  ResourceRow,
  RowCondition,
} from '@opstudio/controller/router';
import type { AppRouter, OwnedClaim, OwnedObject, OwnedPod, OwnedWorkload } from '@opstudio/controller/router';
import type { TRPCOptionsProxy, inferOutput } from '@trpc/tanstack-react-query';

export interface OwnedObjects {
  /** the workloads that run its pods: Deployments, StatefulSets, DaemonSets, Jobs, CronJobs */
  readonly workloads: readonly OwnedWorkload[];
  readonly pods: readonly OwnedPod[];
  /** its PersistentVolumeClaims, its StatefulSets' included */
  readonly claims: readonly OwnedClaim[];
  /** every object the CR controls, directly or through others (parents first) */
  readonly objects: readonly OwnedObject[];
}

/** A CR as the browser receives it (resources.get / patch / create), after JSON serialization. */
export type FetchedObject = inferOutput<TRPCOptionsProxy<AppRouter>['resources']['get']>;

/** A CR as its `object:` topic brings it (docs/design/0050): null when it does not exist, or `refused` says why it is not shown. */
export interface LiveObject {
  readonly object: FetchedObject | null;
  readonly refused: string | null;
}
