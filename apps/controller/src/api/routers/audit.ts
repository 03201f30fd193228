// audit.*: the audit log for admins, newest first, filtered (actor, action, object, result,
// time) and paged back with `beforeId`.
import { auditFilterSchema } from '../../audit';
import { adminProcedure, createTRPCRouter } from '../trpc';

export const auditRouter = createTRPCRouter({
  list: adminProcedure.input(auditFilterSchema).query(({ ctx, input }) => ctx.audit.list(input)),
});
