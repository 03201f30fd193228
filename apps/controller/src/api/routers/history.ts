// history.runs: page back through one object's reconcile history (the live `timeline:<uid>`
// topic carries the newest runs; this reads older ones from the database).
import { z } from 'zod';
import { visibleRuns } from '../live-access';
import { createTRPCRouter, viewerProcedure } from '../trpc';

export const historyInput = {
  runs: z.object({
    uid: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'pass the object uid (metadata.uid)'),
    limit: z.number().int('limit is a whole number').min(1, 'limit is 1 to 500').max(500, 'limit is 1 to 500').default(50),
    before: z.number().int('before is a run id').min(1, 'before is a run id').optional(),
  }),
};

export const historyRouter = createTRPCRouter({
  runs: viewerProcedure.input(historyInput.runs).query(async ({ ctx, input }) => {
    const page = await ctx.history.page(input.uid, input.limit, input.before);
    // multi-user mode: only runs of objects the user's Kubernetes RBAC lets it list (api/live-access.ts)
    return { ...page, runs: await visibleRuns(ctx, ctx.user, page.runs) };
  }),
});
