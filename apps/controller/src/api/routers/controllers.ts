// controllers.list: which kinds the embedded controller-manager reconciles (every CRD the studio
// installed), with the pinned design version, and whether this replica holds the Lease (only the
// leader runs controllers; every replica answers).
import { clusterMetadataProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';

export const controllersRouter = createTRPCRouter({
  list: clusterMetadataProcedure.query(({ ctx }) => ctx.resources.controllers(ctx.manager)),
});
