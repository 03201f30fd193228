// rollouts.*: a kind's revisions and its rollout (docs/design/0055-revisions-and-rollouts.md).
// `get` is cluster metadata (the CRD's pin, the saved versions, the rollout's state); start,
// rollback and finish change which revision the kind's resources run, so they go out as the user:
// each first dry-runs, as the user, the CRD annotation a finished rollout writes (Kubernetes RBAC
// decides, as for install), and is audited. Pinning one resource is a patch of its annotation
// through resources.patch, as the user.
import { ROLLOUT_REQUEST } from '@opstudio/shared/rollout/rollout';
import { TRPCError } from '@trpc/server';

import type { AccessQuestion } from '../../auth';
import {
  finishKindRollout,
  kindRevisions,
  rollbackKindRollout,
  RolloutError,
  startKindRollout,
  type RolloutTarget,
} from '../../rollouts/service';
import { clusterMetadataProcedure, kubeWriteProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';
import { controllersInput } from './controllers';

export const rolloutsInput = {
  kind: controllersInput.kind,
  start: controllersInput.kind.extend(ROLLOUT_REQUEST.shape),
};

const crdPatch = (): AccessQuestion => ({
  verb: 'patch',
  group: 'apiextensions.k8s.io',
  resource: 'customresourcedefinitions',
});

/** The service's refusals as tRPC errors with their words; anything else goes on unchanged. */
async function answered<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof RolloutError) throw new TRPCError({ code: err.code, message: err.message });
    throw err;
  }
}

/** The kind's rollout as `as` acts on it, on the request's cluster. */
async function target(
  ctx: { db: RolloutTarget['db']; clusterIdentity: { require(): Promise<string> } },
  crdName: string,
  as: RolloutTarget['as'],
): Promise<RolloutTarget> {
  return { db: ctx.db, clusterId: await ctx.clusterIdentity.require(), crdName, as };
}

export const rolloutsRouter = createTRPCRouter({
  get: clusterMetadataProcedure
    .input(rolloutsInput.kind)
    .query(async ({ ctx, input }) => answered(kindRevisions(await target(ctx, input.crdName, ctx.identities.own)))),
  start: kubeWriteProcedure('editor', rolloutsInput.start, crdPatch).mutation(async ({ ctx, input }) => {
    const { crdName, ...request } = input;
    return answered(startKindRollout(await target(ctx, crdName, ctx.kube.config), request, ctx.user.name));
  }),
  rollback: kubeWriteProcedure('editor', rolloutsInput.kind, crdPatch).mutation(async ({ ctx, input }) =>
    answered(rollbackKindRollout(await target(ctx, input.crdName, ctx.kube.config))),
  ),
  finish: kubeWriteProcedure('editor', rolloutsInput.kind, crdPatch).mutation(async ({ ctx, input }) =>
    answered(finishKindRollout(await target(ctx, input.crdName, ctx.kube.config))),
  ),
});
