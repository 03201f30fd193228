// "Pause the embedded controller" per installed kind and cluster, kept in the database so a pause
// survives a restart and every replica sees it (docs/design/0030-hand-off.md). A row is a pause;
// its clusterId (clusters/cluster-identity.ts) keeps a pause in one cluster out of the others.
import type { StudioDb } from '../db';

export interface KindPauseView {
  readonly crdName: string;
  readonly pausedBy: string;
  readonly pausedAt: string;
}

const view = (r: { crdName: string; pausedBy: string; pausedAt: Date }): KindPauseView => ({
  crdName: r.crdName,
  pausedBy: r.pausedBy,
  pausedAt: r.pausedAt.toISOString(),
});

export async function pausedKinds(db: StudioDb, clusterId: string): Promise<KindPauseView[]> {
  const rows = await db.kindPause.findMany({ where: { clusterId }, orderBy: { crdName: 'asc' } });
  return rows.map(view);
}

export async function kindPause(db: StudioDb, clusterId: string, crdName: string): Promise<KindPauseView | null> {
  const r = await db.kindPause.findUnique({ where: { clusterId_crdName: { clusterId, crdName } } });
  return r === null ? null : view(r);
}

/** Idempotent: pausing a paused kind keeps who paused it first. */
export async function pauseKind(db: StudioDb, clusterId: string, crdName: string, pausedBy: string): Promise<void> {
  await db.kindPause.upsert({
    where: { clusterId_crdName: { clusterId, crdName } },
    create: { clusterId, crdName, pausedBy },
    update: {},
  });
}

/** Idempotent: resuming a kind that is not paused does nothing. */
export async function resumeKind(db: StudioDb, clusterId: string, crdName: string): Promise<void> {
  await db.kindPause.deleteMany({ where: { clusterId, crdName } });
}
