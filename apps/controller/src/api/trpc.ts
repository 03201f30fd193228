// The one initTRPC of the controller. Procedures come from here with errors translated once
// (Kubernetes Status, Prisma, unreachable cluster → codes and messages a user can act on).
// SSE: pings every 10 s keep idle subscriptions alive through proxies that drop streams silent
// for 30 s, and the client reconnects by itself when it has heard nothing for 25 s.
import { initTRPC } from '@trpc/server';
import { requireRole } from '../auth';
import type { RequestContext } from './context';
import { kubeCausesOf, toTRPCError } from './errors';

export const SSE_PING_MS = 10_000;
export const SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS = 25_000;

const t = initTRPC.context<RequestContext>().create({
  // never a stack trace in an answer, whatever NODE_ENV says: the message is the answer, server.ts logs the rest
  isDev: false,
  sse: {
    ping: { enabled: true, intervalMs: SSE_PING_MS },
    client: { reconnectAfterInactivityMs: SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS },
  },
  errorFormatter({ shape, error }) {
    const causes = kubeCausesOf(error);
    return causes === undefined ? shape : { ...shape, data: { ...shape.data, causes } };
  },
});

/** Every thrown error leaves a procedure as a TRPCError from `toTRPCError`, and nowhere else. */
const translateErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // tRPC wraps anything thrown that is not a TRPCError as INTERNAL_SERVER_ERROR with the original as cause.
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && result.error.cause !== undefined) throw toTRPCError(result.error.cause);
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
/** No role check: use only for what a signed-out visitor may see (nothing in the API yet). */
export const publicProcedure = t.procedure.use(translateErrors);
/** Reads: any signed-in user. */
export const viewerProcedure = publicProcedure.use(requireRole('viewer'));
/** Designs and custom resources: editors and admins. */
export const editorProcedure = publicProcedure.use(requireRole('editor'));
/** CRD install/uninstall, users, cluster settings: admins. */
export const adminProcedure = publicProcedure.use(requireRole('admin'));
