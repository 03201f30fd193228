// users.*: local accounts, for admins (multi-user mode). Passwords go in, never out; a password
// change or a deletion ends that user's sessions.
import { z } from 'zod';
import { audited } from '../../audit';
import { roles } from '../../auth';
import { adminProcedure, createTRPCRouter } from '../trpc';

const name = z.string().trim().min(1, 'pass the user name').max(63, 'a user name is at most 63 characters');
const password = z
  .string()
  .min(12, 'a password has at least 12 characters')
  .max(1024, 'a password has at most 1024 characters');
const role = z.enum(roles, { error: 'role is viewer, editor or admin' });

export const usersInput = {
  create: z.object({ name, password, role }),
  setRole: z.object({ name, role }),
  setPassword: z.object({ name, password }),
  byName: z.object({ name }),
};

export const usersRouter = createTRPCRouter({
  list: adminProcedure.query(({ ctx }) => ctx.auth.service.listUsers()),
  create: adminProcedure
    .input(usersInput.create)
    .use(audited)
    .mutation(({ ctx, input }) => ctx.auth.service.createUser(input.name, input.password, input.role)),
  setRole: adminProcedure
    .input(usersInput.setRole)
    .use(audited)
    .mutation(({ ctx, input }) => ctx.auth.service.setRole(input.name, input.role)),
  setPassword: adminProcedure
    .input(usersInput.setPassword)
    .use(audited)
    .mutation(({ ctx, input }) => ctx.auth.service.setPassword(input.name, input.password)),
  delete: adminProcedure
    .input(usersInput.byName)
    .use(audited)
    .mutation(({ ctx, input }) => ctx.auth.service.deleteUser(input.name)),
});
