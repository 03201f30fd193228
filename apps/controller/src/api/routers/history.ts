// history.runs: page back through one object's reconcile history (the live `timeline:<uid>`
// topic carries the newest runs; this reads older ones from the database).
import { z } from 'zod';
import { visibleRuns, visibleRunsPage } from '../live-access';
import { kubeUserProcedure } from '../procedures';
import { createTRPCRouter } from '../trpc';

export const historyInput = {
  runs: z.object({
    uid: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'pass the object uid (metadata.uid)'),
    limit: z
      .number()
      .int('limit is a whole number')
      .min(1, 'limit is 1 to 500')
      .max(500, 'limit is 1 to 500')
      .default(50),
    before: z.number().int('before is a run id').min(1, 'before is a run id').optional(),
  }),
  failures: z
    .object({
      limit: z
        .number()
        .int('limit is a whole number')
        .min(1, 'limit is 1 to 50')
        .max(50, 'limit is 1 to 50')
        .default(10),
    })
    .default({ limit: 10 }),
};

export const historyRouter = createTRPCRouter({
  // multi-user mode: only runs of objects the user's Kubernetes RBAC lets it list (api/live-access.ts)
  runs: kubeUserProcedure.input(historyInput.runs).query(({ ctx, input }) => visibleRunsPage(ctx, input)),
  // the home page: the newest runs of this cluster that ended in an error, of objects the user may list
  failures: kubeUserProcedure
    .input(historyInput.failures)
    .query(async ({ ctx, input }) => visibleRuns(ctx, ctx.user, await ctx.history.recentFailures(input.limit))),
});
