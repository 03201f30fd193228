// "Pause the embedded controller" per installed kind, kept in the database so a pause survives a
// restart and every replica sees it (docs/design/0030-hand-off.md). A row is a pause.
import type { StudioDb } from '../db';

export interface KindPauseView {
  readonly crdName: string;
  readonly pausedBy: string;
  readonly pausedAt: string;
}

export async function pausedKinds(db: StudioDb): Promise<KindPauseView[]> {
  const rows = await db.kindPause.findMany({ orderBy: { crdName: 'asc' } });
  return rows.map((r) => ({ crdName: r.crdName, pausedBy: r.pausedBy, pausedAt: r.pausedAt.toISOString() }));
}

export async function kindPause(db: StudioDb, crdName: string): Promise<KindPauseView | null> {
  const r = await db.kindPause.findUnique({ where: { crdName } });
  return r === null ? null : { crdName: r.crdName, pausedBy: r.pausedBy, pausedAt: r.pausedAt.toISOString() };
}

/** Idempotent: pausing a paused kind keeps who paused it first. */
export async function pauseKind(db: StudioDb, crdName: string, pausedBy: string): Promise<void> {
  await db.kindPause.upsert({ where: { crdName }, create: { crdName, pausedBy }, update: {} });
}

/** Idempotent: resuming a kind that is not paused does nothing. */
export async function resumeKind(db: StudioDb, crdName: string): Promise<void> {
  await db.kindPause.deleteMany({ where: { crdName } });
}
