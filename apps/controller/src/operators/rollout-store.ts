// A kind's rollout as the database keeps it (docs/design/0055-revisions-and-rollouts.md): one row
// per kind and cluster whose state is shared's RolloutState as JSON, so every replica reads the same
// assignment and a restarted studio (or the next leader) resumes the rollout where it stood. Writes
// that follow a read are conditional on the row's updatedAt: the runner's step never overwrites a
// Rollback a user pressed meanwhile.
import { ROLLOUT_STATE, type RolloutState } from '@opstudio/shared/rollout/rollout';
import type { StudioDb } from '../db';

export interface KindRolloutView {
  readonly crdName: string;
  readonly designId: string;
  readonly state: RolloutState;
  readonly startedBy: string;
  readonly startedAt: string;
  readonly updatedAt: string;
}

interface Row {
  crdName: string;
  designId: string;
  state: string;
  startedBy: string;
  startedAt: Date;
  updatedAt: Date;
}

function view(r: Row): KindRolloutView | null {
  let json: unknown;
  try {
    json = JSON.parse(r.state);
  } catch {
    return null;
  }
  const state = ROLLOUT_STATE.safeParse(json);
  if (!state.success) return null;
  return {
    crdName: r.crdName,
    designId: r.designId,
    state: state.data,
    startedBy: r.startedBy,
    startedAt: r.startedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function kindRollouts(db: StudioDb, clusterId: string): Promise<KindRolloutView[]> {
  const rows = await db.kindRollout.findMany({ where: { clusterId }, orderBy: { crdName: 'asc' } });
  return rows.map(view).filter((v): v is KindRolloutView => v !== null);
}

export async function kindRollout(db: StudioDb, clusterId: string, crdName: string): Promise<KindRolloutView | null> {
  const r = await db.kindRollout.findUnique({ where: { clusterId_crdName: { clusterId, crdName } } });
  return r === null ? null : view(r);
}

/** A new rollout of the kind, replacing the row of a finished or rolled-back one. */
export async function putRollout(
  db: StudioDb,
  clusterId: string,
  crdName: string,
  designId: string,
  state: RolloutState,
  startedBy: string,
): Promise<KindRolloutView> {
  const data = { designId, state: JSON.stringify(state), startedBy, startedAt: new Date() };
  const r = await db.kindRollout.upsert({
    where: { clusterId_crdName: { clusterId, crdName } },
    create: { clusterId, crdName, ...data },
    update: data,
  });
  return view(r)!;
}

/** Writes the next state if the row is still as read (`updatedAt`); false when someone wrote it meanwhile. */
export async function advanceStored(
  db: StudioDb,
  clusterId: string,
  read: KindRolloutView,
  next: RolloutState,
): Promise<boolean> {
  const { count } = await db.kindRollout.updateMany({
    where: { clusterId, crdName: read.crdName, updatedAt: new Date(read.updatedAt) },
    data: { state: JSON.stringify(next) },
  });
  return count === 1;
}
