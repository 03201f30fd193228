// Role checks as tRPC middleware, so access is decided by the procedure type and never handler
// by handler: `publicProcedure.use(requireRole('editor'))`. Standalone middleware keeps this
// file free of the one initTRPC in api/trpc.ts; it needs only `ctx.user` from the context.
// The refusals are domain errors given their code by `toTRPCError` right here: standalone
// middleware may be mounted where no error-translating middleware runs before it.
import { experimental_standaloneMiddleware } from '@trpc/server';
import { roleAllows } from '../auth/roles';
import type { AuthContext, Role } from '../auth/roles';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import { toTRPCError } from './errors';

/** Signed out → UNAUTHORIZED; signed in with too small a role → FORBIDDEN; else `ctx.user` is set. */
export function requireRole(need: Role) {
  // tRPC 11 marks standalone middleware deprecated in favour of `.concat()`, which needs a second
  // initTRPC; this one types cleanly against any context that has `user` and is kept by tRPC 11.x.
  return experimental_standaloneMiddleware<{ ctx: AuthContext }>().create(({ ctx, next }) => {
    const user = ctx.user;
    if (user === undefined)
      throw toTRPCError(
        new UnauthenticatedError(ctx.signedOutMessage ?? 'sign in first (your session may have expired)'),
      );
    if (!roleAllows(user.role, need))
      throw toTRPCError(new ForbiddenError(`your role (${user.role}) cannot do this: it needs ${need}; ask an admin`));
    return next({ ctx: { user } });
  });
}
