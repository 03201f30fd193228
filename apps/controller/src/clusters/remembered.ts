// The contexts the studio installed a CRD in (StudioCluster rows, docs/design/0035): a context other
// than the default starts its services at its first request, so without these rows a restarted
// studio would not reconcile what it installed there until someone opened a page of that cluster.
// A row is written after each install (the studio's or `opstudio install`'s); at boot the registry
// starts every remembered context the kubeconfig still has (one it no longer has is skipped, with a
// log line). An uninstall keeps the row: a context with nothing left to reconcile costs a CRD watch.
import type { StudioDb } from '../db';

/** Remembers `context` (idempotent: the first install's time stays). */
export async function rememberContext(db: StudioDb, context: string): Promise<void> {
  await db.studioCluster.upsert({
    where: { context },
    create: { context },
    update: {},
  });
}

/** Every remembered context, oldest first. */
export async function rememberedContexts(db: StudioDb): Promise<string[]> {
  const rows = await db.studioCluster.findMany({ orderBy: { firstInstall: 'asc' }, select: { context: true } });
  return rows.map((r) => r.context);
}
