// Rollouts of a design revision, for the API and `opstudio rollout` alike
// (docs/design/0055-revisions-and-rollouts.md). Every change is checked with the caller's own
// identity first: a server-side dry run of the CRD's design-version annotation, the field a
// finished rollout moves (so who may not install the kind may not roll it out either). The state
// goes to the database (operators/rollout-store.ts); the leader's runner moves resources from it.
import type { KubeConfig } from '@kubernetes/client-node';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { revisionConflict } from '@opstudio/shared/rollout/compatible';
import { rollbackRollout, rolloutSummary, startRollout, type RolloutRequest } from '@opstudio/shared/rollout/rollout';
import type { StudioDb } from '../db';
import { CrdClient } from '../install/crd-client';
import { DESIGN_VERSION_ANNOTATION, installedFrom } from '../install/labels';
import { loadPinnedDesign } from '../operators/pinned-design';
import { advanceStored, kindRollout, putRollout, type KindRolloutView } from '../operators/rollout-store';

export class RolloutError extends Error {
  override readonly name = 'RolloutError';
  constructor(
    readonly code: 'NOT_FOUND' | 'BAD_REQUEST' | 'CONFLICT',
    message: string,
  ) {
    super(message);
  }
}

export interface RolloutTarget {
  readonly db: StudioDb;
  readonly clusterId: string;
  readonly crdName: string;
  /** the caller's identity (impersonating in multi-user mode; the CLI's kubeconfig) */
  readonly as: KubeConfig;
}

export interface KindRevisionsView {
  readonly crdName: string;
  readonly designId: string;
  /** the kind's current revision: the design version its CRD pins */
  readonly current: number;
  /** every saved version of the design, newest first, with why it cannot be rolled out (if it cannot) */
  readonly revisions: readonly { readonly version: number; readonly savedAt: string; readonly conflict?: string }[];
  readonly rollout: (KindRolloutView & { readonly summary: string }) | null;
}

const ACTIVE = new Set(['canary', 'rest', 'paused']);

/** The kind's installed design and current revision, read as the caller; NOT_FOUND unless the studio installed it. */
async function installed(
  t: RolloutTarget,
): Promise<{ crd: CustomResourceDefinition; designId: string; current: number }> {
  const crd = await new CrdClient(t.as).read(t.crdName);
  const from = crd === undefined ? null : installedFrom(crd);
  if (crd === undefined || from === null || from.designVersion === null)
    throw new RolloutError('NOT_FOUND', `${t.crdName} is not a kind the studio installed`);
  return { crd, designId: from.designId, current: from.designVersion };
}

/** The caller may move the kind's revision: a dry run of the annotation a finished rollout writes. */
async function mayMoveRevision(t: RolloutTarget, version: number): Promise<void> {
  await new CrdClient(t.as).patchAnnotations(t.crdName, { [DESIGN_VERSION_ANNOTATION]: String(version) }, true);
}

export async function kindRevisions(t: RolloutTarget, total?: number): Promise<KindRevisionsView> {
  const { designId, current } = await installed(t);
  const currentDesign = await loadPinnedDesign(t.db, designId, current);
  const rows = await t.db.designVersion.findMany({ where: { designId }, orderBy: { version: 'desc' }, take: 50 });
  const revisions = await Promise.all(
    rows.map(async (r) => {
      if (r.version === current) return { version: r.version, savedAt: r.createdAt.toISOString() };
      const conflict = await loadPinnedDesign(t.db, designId, r.version).then(
        (d) => revisionConflict(currentDesign, d, r.version),
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      );
      return {
        version: r.version,
        savedAt: r.createdAt.toISOString(),
        ...(conflict !== undefined ? { conflict } : {}),
      };
    }),
  );
  const row = await kindRollout(t.db, t.clusterId, t.crdName);
  const rollout =
    row === null || row.designId !== designId || row.state.from !== current
      ? null
      : { ...row, summary: rolloutSummary(row.state, total ?? row.state.assigned.length) };
  return { crdName: t.crdName, designId, current, revisions, rollout };
}

export async function startKindRollout(
  t: RolloutTarget,
  request: RolloutRequest,
  startedBy: string,
): Promise<KindRolloutView> {
  const { designId, current } = await installed(t);
  if (request.to === current)
    throw new RolloutError('BAD_REQUEST', `revision ${current} is the kind's current revision already`);
  const row = await kindRollout(t.db, t.clusterId, t.crdName);
  if (row !== null && row.designId === designId && row.state.from === current && ACTIVE.has(row.state.phase))
    throw new RolloutError(
      'CONFLICT',
      `a rollout to revision ${row.state.to} is ${row.state.phase === 'paused' ? 'paused' : 'under way'}: roll it back or finish it first`,
    );
  const [from, to] = await Promise.all([
    loadPinnedDesign(t.db, designId, current),
    loadPinnedDesign(t.db, designId, request.to).catch((err: unknown) => {
      throw new RolloutError('NOT_FOUND', err instanceof Error ? err.message : String(err));
    }),
  ]);
  const conflict = revisionConflict(from, to, request.to);
  if (conflict !== undefined) throw new RolloutError('BAD_REQUEST', conflict);
  await mayMoveRevision(t, request.to);
  return putRollout(t.db, t.clusterId, t.crdName, designId, startRollout(current, request, new Date()), startedBy);
}

/** Rollback: the rollout's resources return to the revision they came from (the runner enqueues them). */
export async function rollbackKindRollout(t: RolloutTarget): Promise<KindRolloutView> {
  const { current } = await installed(t);
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await kindRollout(t.db, t.clusterId, t.crdName);
    if (row === null || row.state.from !== current || (!ACTIVE.has(row.state.phase) && row.state.phase !== 'complete'))
      throw new RolloutError('NOT_FOUND', `${t.crdName} has no rollout to roll back`);
    await mayMoveRevision(t, row.state.from);
    const next = rollbackRollout(row.state);
    if (await advanceStored(t.db, t.clusterId, row, next)) return { ...row, state: next };
  }
  throw new RolloutError('CONFLICT', `the rollout of ${t.crdName} kept changing: try again`);
}

/** Finish a complete rollout: its revision becomes the kind's current one (the CRD's pin, as the caller). */
export async function finishKindRollout(t: RolloutTarget): Promise<{ current: number }> {
  const { current } = await installed(t);
  const found = await kindRollout(t.db, t.clusterId, t.crdName);
  const row = found?.state.from === current ? found : null;
  if (row === null || row.state.phase !== 'complete')
    throw new RolloutError(
      'BAD_REQUEST',
      row === null
        ? `${t.crdName} has no rollout`
        : `the rollout is ${row.state.phase}: only a complete rollout finishes`,
    );
  // the row stays: until the manager restarts the kind at the new pin, its resources keep running
  // `to` through it; after, a rollout from a revision that is no longer current assigns nothing
  await new CrdClient(t.as).patchAnnotations(t.crdName, { [DESIGN_VERSION_ANNOTATION]: String(row.state.to) }, false);
  return { current: row.state.to };
}
