// The ReplicatedStore example (examples/replicated-store.design.yaml) as a side-by-side bench
// target: each side on its own API group (`store-embedded.example.com`, `store-go.example.com`)
// and namespace; every CR has 3 replicas and a backup schedule, so each has all 6 children
// (headless and client Services, the peers ConfigMap, the StatefulSet, the PodDisruptionBudget,
// the CronJob) and the custom condition BackupScheduled True.
//
// Two milestones, named in the table (docs/design/0045):
//   available  Available=True for the CR's generation: the StatefulSet's readyReplicas reach
//              spec.replicas. Needs bound volumes (the sandbox's StorageClass since issue 30,
//              docs/design/0042) and a pod slot for each of the 3 replicas: the 3 kwok nodes hold
//              3,060 pods, so 1,000 CRs and the warm-up one (less the other side's pods still going).
//   observed   what a controller finishes whatever the cluster does with the pods: the CR's
//              status, for its generation, reports the StatefulSet observed (status.readyReplicas
//              written: the plan writes a status field only once every child it reads is in the
//              controller's cache) and every other child ready (Available=False,
//              WaitingForResources, waiting for the StatefulSet alone), or Available=True: every
//              child created, the CR's status written by its controller. The default; on a
//              sandbox without storage it is the only one reached.
import { readFileSync } from 'node:fs';
import { parseDesign } from '../../packages/shared/src/design/io';
import type { Design } from '../../packages/shared/src/design/schema';
import type { SideName } from '../vs-go/design';
import type { BenchTarget } from '../vs-go/target';
import { isSettled, type CrState } from '../vs-go/tracker';

export const MILESTONES = ['observed', 'available'] as const;
export type Milestone = (typeof MILESTONES)[number];

export const MILESTONE_TEXT: Record<Milestone, string> = {
  observed: 'every child created, status observed',
  available: 'Available',
};

/** The child ids an Available condition's message says the CR waits for (`5 of 6 resources ready: waiting for a, b`). */
export function waitingFor(message: string | undefined): string[] | undefined {
  const m = /^\d+ of \d+ resources? ready: waiting for ([^;]+)/.exec(message ?? '');
  return m?.[1]?.split(', ');
}

/** The `observed` milestone (see the header). */
export function statusObserved(cr: CrState): boolean {
  const waiting = waitingFor(cr.availableMessage);
  return (
    (cr.availableGeneration ?? 0) >= cr.generation &&
    cr.status?.readyReplicas !== undefined &&
    (isSettled(cr) || (cr.availableReason === 'WaitingForResources' && waiting?.join() === 'statefulset'))
  );
}

function storeDesign(side: SideName): Design {
  const text = readFileSync(new URL('../../examples/replicated-store.design.yaml', import.meta.url), 'utf8');
  const parsed = parseDesign(text);
  if (!parsed.ok) throw new Error('examples/replicated-store.design.yaml does not parse');
  return { ...parsed.design, crd: { ...parsed.design.crd, group: `store-${side}` } };
}

export function storeTarget(milestone: Milestone): BenchTarget {
  return {
    design: storeDesign,
    namespace: (side) => `store-${side}`,
    plural: 'replicatedstores',
    spec: () => ({ replicas: 3, backup: { schedule: '0 3 * * *' } }),
    sizeField: 'replicas',
    child: 'apps/v1/statefulsets',
    childName: (cr) => cr, // the design names its StatefulSet after the CR
    applied: ['apps/v1/statefulsets'],
    settled: milestone === 'available' ? isSettled : statusObserved,
    drained: ['apps/v1/statefulsets', 'v1/pods', 'v1/persistentvolumeclaims'],
    // a StatefulSet's claims outlive it (persistentVolumeClaimRetentionPolicy Retain, the default)
    swept: ['v1/persistentvolumeclaims'],
  };
}
