// controllers.list: which kinds the embedded controller-manager reconciles (every CRD the studio
// installed), with the pinned design version, and whether this replica holds the Lease (only the
// leader runs controllers; every replica answers). controllers.handOff / pause / resume: "Pause the
// embedded controller" for one kind in the request's cluster, so the exported operator can take it
// over there (docs/design/0030); a pause is kept under the cluster's id, so other clusters keep reconciling.
import { DNS1123_SUBDOMAIN, DNS1123_SUBDOMAIN_MAX } from '@opstudio/shared/kube/names';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { audited } from '../../audit';
import { kindHandOffView, setKindPaused } from '../../operators/handoff-view';
import { clusterMetadataProcedure } from '../procedures';
import { adminProcedure, createTRPCRouter } from '../trpc';

export const controllersInput = {
  kind: z.object({
    crdName: z
      .string()
      .max(DNS1123_SUBDOMAIN_MAX)
      .refine(
        (n) => n.includes('.') && DNS1123_SUBDOMAIN.test(n),
        'a CRD name is <plural>.<group>, lower case, e.g. memcacheds.cache.example.com',
      ),
  }),
};

/** Pausing changes what the studio's own controller does for everyone (no write as the user): admins, as install; audited. */
const pauseProcedure = adminProcedure.meta({ kube: 'metadata' }).input(controllersInput.kind).use(audited);

export const controllersRouter = createTRPCRouter({
  list: clusterMetadataProcedure.query(({ ctx }) => ctx.resources.controllers(ctx.manager)),
  handOff: clusterMetadataProcedure
    .input(controllersInput.kind)
    .query(async ({ ctx, input }) =>
      kindHandOffView(ctx.db, await ctx.clusterIdentity.require(), ctx.manager, input.crdName),
    ),
  pause: pauseProcedure.mutation(async ({ ctx, input }) => {
    const installed = (await ctx.resources.kinds()).some((k) => k.name === input.crdName && k.designId !== null);
    if (!installed)
      throw new TRPCError({ code: 'NOT_FOUND', message: `${input.crdName} is not a kind the studio installed` });
    return setKindPaused(ctx.db, await ctx.clusterIdentity.require(), input.crdName, true, ctx.user.name);
  }),
  // a kind uninstalled while paused can still be resumed (its row would otherwise stay)
  resume: pauseProcedure.mutation(async ({ ctx, input }) =>
    setKindPaused(ctx.db, await ctx.clusterIdentity.require(), input.crdName, false, ctx.user.name),
  ),
});
