// cluster.info: which cluster the studio talks to and how it is doing, from the informer caches.
import { clusterMetadataProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';

export const clusterRouter = createTRPCRouter({
  info: clusterMetadataProcedure.query(({ ctx }) => ctx.cluster.info()),
});
