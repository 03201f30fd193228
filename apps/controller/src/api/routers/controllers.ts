// controllers.list: which kinds the embedded controller-manager reconciles (every CRD the studio
// installed), with the pinned design version, and whether this replica holds the Lease (only the
// leader runs controllers; every replica answers).
import { createTRPCRouter, viewerProcedure } from '../trpc';
import type { ControllerInfo } from '../../resources/types';

export const controllersRouter = createTRPCRouter({
  list: viewerProcedure.query(async ({ ctx }): Promise<{ leader: boolean; controllers: ControllerInfo[] }> => {
    const kinds = await ctx.resources.kinds();
    const active = new Set(ctx.manager.active);
    const controllers = kinds.flatMap((k) =>
      k.designId === null
        ? []
        : [{ crdName: k.name, group: k.group, kind: k.kind, plural: k.plural, version: k.version, controller: k.kind.toLowerCase(), designId: k.designId, designVersion: k.designVersion, established: k.established, running: active.has(k.name) }],
    );
    return { leader: ctx.manager.isLeader, controllers };
  }),
});
