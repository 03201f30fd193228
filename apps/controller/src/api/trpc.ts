// The one initTRPC of the controller. Procedures come from here with errors translated once
// (Kubernetes Status, Prisma, unreachable cluster → codes and messages a user can act on).
// SSE: pings every 10 s keep idle subscriptions alive through proxies that drop streams silent
// for 30 s, and the client reconnects by itself when it has heard nothing for 25 s.
// Every procedure carries `meta.kube`, how it reaches the cluster; the types that touch it with a
// user's rights are in api/procedures.ts, and a table test walks the router to check the tags.
import { initTRPC } from '@trpc/server';
import { loadCel } from '@opstudio/cel/node';
import type { RequestContext } from './context';
import { fieldCausesOf, toTRPCError } from './errors';
import { requireRole } from './roles';

export const SSE_PING_MS = 10_000;
export const SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS = 25_000;

/**
 * How a procedure reaches the cluster, set by its procedure type (never by hand):
 * - `none`: not at all (designs, users, the audit log);
 * - `metadata`: cluster-wide metadata read with the studio's identity, the same for every
 *   signed-in user (CRDs, nodes, namespaces; docs/security.md "Kinds are not secret");
 * - `read`: a read checked against the user's Kubernetes RBAC before the handler runs;
 * - `user`: answers narrowed to (or asked about) what the user's RBAC allows, item by item;
 * - `write`: requests go out as the user, a 403 says who may not do what, and the change is audited.
 */
export type KubeAccess = 'none' | 'metadata' | 'read' | 'user' | 'write';
export interface ProcedureMeta {
  readonly kube: KubeAccess;
}

const t = initTRPC
  .context<RequestContext>()
  .meta<ProcedureMeta>()
  .create({
    // never a stack trace in an answer, whatever NODE_ENV says: the message is the answer, server.ts logs the rest
    isDev: false,
    sse: {
      ping: { enabled: true, intervalMs: SSE_PING_MS },
      client: { reconnectAfterInactivityMs: SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS },
    },
    errorFormatter({ shape, error }) {
      const causes = fieldCausesOf(error);
      return causes === undefined ? shape : { ...shape, data: { ...shape.data, causes } };
    },
  });

/** Every thrown error leaves a procedure as a TRPCError from `toTRPCError`, and nowhere else. */
const translateErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // tRPC wraps anything thrown that is not a TRPCError as INTERNAL_SERVER_ERROR with the original as cause.
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && result.error.cause !== undefined)
    throw toTRPCError(result.error.cause);
  return result;
});

/**
 * The studio's one CEL starts on the first API call, not at start-up (docs/design/0059): an idle
 * controller does not hold it (about 150 MiB), and the pure code a procedure runs (a design's
 * checks, impact, previews) must find it loaded, never answer `pending`.
 */
const celLoaded = t.middleware(async ({ next }) => {
  await loadCel();
  return next();
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
/** No role check: use only for what a signed-out visitor may see (nothing in the API yet). */
export const publicProcedure = t.procedure.use(translateErrors).use(celLoaded).meta({ kube: 'none' });
/** Reads: any signed-in user. Reads of the cluster start from api/procedures.ts instead. */
export const viewerProcedure = publicProcedure.use(requireRole('viewer'));
/** Designs: editors and admins (custom resources: `kubeWriteProcedure('editor', …)`). */
export const editorProcedure = publicProcedure.use(requireRole('editor'));
/** Users, the audit log: admins (CRD install/uninstall: `kubeWriteProcedure('admin', …)`). */
export const adminProcedure = publicProcedure.use(requireRole('admin'));
