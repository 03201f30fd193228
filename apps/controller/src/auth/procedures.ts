// Role checks as tRPC middleware, so access is decided by the procedure type and never handler
// by handler: `publicProcedure.use(requireRole('editor'))`. Standalone middleware keeps this
// file free of the one initTRPC in api/trpc.ts; it needs only `ctx.user` from the context.
import { experimental_standaloneMiddleware, TRPCError } from '@trpc/server';
import { InvalidNameError } from './names';
import { roleAllows } from './roles';
import { AuthError } from './service';
import type { Role, StudioUser } from './roles';

/** What the auth middleware reads from the tRPC context (api/context.ts adds it). */
export interface AuthContext {
  /** undefined: signed out (multi-user mode without a valid session). */
  readonly user: StudioUser | undefined;
  /** What a request without a user is told (single-user mode: how to present the launch token). */
  readonly signedOutMessage?: string;
}

/** Signed out → UNAUTHORIZED; signed in with too small a role → FORBIDDEN; else `ctx.user` is set. */
export function requireRole(need: Role) {
  // tRPC 11 marks standalone middleware deprecated in favour of `.concat()`, which needs a second
  // initTRPC; this one types cleanly against any context that has `user` and is kept by tRPC 11.x.
  return experimental_standaloneMiddleware<{ ctx: AuthContext }>().create(({ ctx, next }) => {
    const user = ctx.user;
    if (user === undefined) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.signedOutMessage ?? 'sign in first (your session may have expired)' });
    if (!roleAllows(user.role, need)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: `your role (${user.role}) cannot do this: it needs ${need}; ask an admin` });
    }
    return next({ ctx: { user } });
  });
}

/** For `.catch(rethrowAuthError)` on AuthService calls in procedures: account errors as tRPC codes. */
export function rethrowAuthError(err: unknown): never {
  if (err instanceof AuthError) {
    const code = { exists: 'CONFLICT', 'not-found': 'NOT_FOUND', 'rate-limited': 'TOO_MANY_REQUESTS', 'invalid-credentials': 'UNAUTHORIZED' } as const;
    throw new TRPCError({ code: code[err.code], message: err.message });
  }
  if (err instanceof InvalidNameError) throw new TRPCError({ code: 'BAD_REQUEST', message: err.message });
  throw err;
}
