// What the kind page, the timeline and `opstudio pause` say about a kind's hand-off: paused or
// not in this cluster (the database, keyed by the cluster's id), who holds its hand-off Lease (the cluster, so every replica answers the
// same), and what this replica's controller-manager does with it.
import type { HandOffHolder } from '@opstudio/shared/kube/handoff';
import type { StudioDb } from '../db';
import { kubeStatusCode } from '../kube/errors';
import { kindPause, pauseKind, resumeKind } from './kind-pauses';
import type { KindPauseView } from './kind-pauses';
import type { ControllerManager, KindHandOffState } from './manager';

export interface KindHandOffView {
  readonly crdName: string;
  /** Set while the embedded controller is paused for this kind. */
  readonly pause: KindPauseView | null;
  /** Who holds the hand-off Lease: the studio, the exported operator (its identity), or nobody. */
  readonly holder: HandOffHolder;
  /** This replica's controller for the kind (replicas that do not lead say 'stopped'). */
  readonly here: KindHandOffState;
  readonly leader: boolean;
  /** The API server refuses this replica a Lease it needs to reconcile the kind: what, and the fix. */
  readonly refusal: string | null;
}

export type HandOffManager = Pick<ControllerManager, 'handOff' | 'whoReconciles' | 'isLeader' | 'leaseRefusal'>;

export async function kindHandOffView(
  db: StudioDb,
  clusterId: string,
  manager: HandOffManager,
  crdName: string,
): Promise<KindHandOffView> {
  const [pause, holder] = await Promise.all([
    kindPause(db, clusterId, crdName),
    // a studio refused its Leases may not read them either: nobody it can see holds the kind, and
    // `refusal` says why (the manager's campaign met the same answer)
    manager.whoReconciles(crdName).catch((err: unknown): HandOffHolder => {
      if (kubeStatusCode(err) === 403 && manager.leaseRefusal(crdName) !== null) return { side: 'none' };
      throw err;
    }),
  ]);
  return {
    crdName,
    pause,
    holder,
    here: manager.handOff(crdName),
    leader: manager.isLeader,
    refusal: manager.leaseRefusal(crdName),
  };
}

/** Pauses (or resumes) a kind in one cluster; that cluster's leading controller-manager sees it within its poll period. */
export async function setKindPaused(
  db: StudioDb,
  clusterId: string,
  crdName: string,
  paused: boolean,
  by: string,
): Promise<{ readonly crdName: string; readonly paused: boolean }> {
  if (paused) await pauseKind(db, clusterId, crdName, by);
  else await resumeKind(db, clusterId, crdName);
  return { crdName, paused };
}
