// cluster.info: which cluster the studio talks to and how it is doing, from the informer caches.
import { TRPCError } from '@trpc/server';
import { createTRPCRouter, viewerProcedure } from '../trpc';

export const clusterRouter = createTRPCRouter({
  info: viewerProcedure.query(async ({ ctx }) => {
    const { cluster } = ctx;
    if (!cluster.isConnected) await cluster.probe();
    const summary = cluster.summary();
    if (!summary.connected) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: `Disconnected from the cluster at ${summary.server}: ${summary.message ?? 'no answer'}` });
    }
    await cluster.waitForSync(10_000);
    const fresh = cluster.summary();
    return {
      server: fresh.server,
      context: fresh.context,
      version: fresh.version ?? 'unknown',
      nodes: fresh.nodes,
      namespaces: fresh.namespaces,
    };
  }),
});
