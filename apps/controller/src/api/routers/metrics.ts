// metrics.kind: the kind's controller health over the last 15 minutes (reconciles/s by result,
// p50/p99 reconcile duration, work-queue depth, retries/s), from this process's own metrics
// (metrics-history/). Cluster metadata like controllers.handOff: aggregated over all namespaces, no
// object in it. `here` says whether this replica reconciles the kind; only then do the points move.
// The points are those of the request's cluster: each kubeconfig context runs its own
// controller-manager, whose series carry its context name as `cluster` (docs/design/0035).
import { TRPCError } from '@trpc/server';
import { metricsHistory, SAMPLE_EVERY_MS, WINDOW_MS } from '../../metrics-history';
import { clusterMetadataProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';
import { controllersInput } from './controllers';
import { controllerName } from '@opstudio/shared/kube/controller-name';

export const metricsRouter = createTRPCRouter({
  kind: clusterMetadataProcedure.input(controllersInput.kind).query(async ({ ctx, input }) => {
    const kind = (await ctx.resources.kinds()).find((k) => k.name === input.crdName && k.designId !== null);
    if (kind === undefined)
      throw new TRPCError({ code: 'NOT_FOUND', message: `${input.crdName} is not a kind the studio reconciles` });
    const controller = controllerName(kind.kind); // its metrics' `controller` label
    const cluster = ctx.cluster.conn.contextName; // and `cluster` label
    return {
      controller,
      cluster,
      here: ctx.manager.handOff(input.crdName),
      leader: ctx.manager.isLeader,
      everyMs: SAMPLE_EVERY_MS,
      windowMs: WINDOW_MS,
      points: metricsHistory().points(cluster, controller),
    };
  }),
});
