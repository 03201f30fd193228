// The procedure types that reach the cluster, so Kubernetes access is decided by the type, as the
// studio role is, and never handler by handler. Each tags its procedures (`meta.kube`, api/trpc.ts)
// and api/procedures.test.ts checks from the router that every procedure touching the cluster uses one.
// - `clusterMetadataProcedure`: the studio's own reads that every signed-in user sees.
// - `kubeReadProcedure(input, questionOf)`: RBAC checked against the validated input first.
// - `kubeUserProcedure`: `ctx.kube` for answers narrowed to what the user may list.
// - `kubeWriteProcedure(role, input, questionOf)`: `ctx.kube.config` acts as the user, a 403 is
//   worded here for that user, and the change is audited under the procedure's path.
import type { z } from 'zod';
import { audited } from '../audit';
import type { AccessQuestion } from '../auth';
import { adminProcedure, editorProcedure, viewerProcedure } from './trpc';
import { UserKube } from './user-kube';

/** CRDs, nodes, namespaces, controllers: cluster metadata, not filtered per user (docs/security.md). */
export const clusterMetadataProcedure = viewerProcedure.meta({ kube: 'metadata' });

/** The handler gets `ctx.kube` and returns only what it lets the user see (live topics, run history, access answers). */
export const kubeUserProcedure = viewerProcedure
  .meta({ kube: 'user' })
  .use(({ ctx, next }) => next({ ctx: { kube: new UserKube(ctx, ctx.user) } }));

/**
 * A read the user's Kubernetes RBAC must allow, asked (SubjectAccessReview, cached) before the
 * handler runs; single-user mode passes. A `list` across all namespaces is not refused: the
 * handler keeps the rows of the namespaces the user may list (`ctx.kube.readable`).
 */
export function kubeReadProcedure<S extends z.ZodType>(input: S, questionOf: (input: z.output<S>) => AccessQuestion) {
  return viewerProcedure
    .meta({ kube: 'read' })
    .input(input)
    .use(async ({ ctx, input: parsed, next }) => {
      const kube = new UserKube(ctx, ctx.user);
      const q = questionOf(parsed as z.output<S>);
      if (q.verb !== 'list' || q.namespace !== undefined) await kube.require(q);
      return next({ ctx: { kube } });
    });
}

/**
 * A change made as the user (impersonating in multi-user mode), so the API server's RBAC decides:
 * its 403 becomes a FORBIDDEN naming who, verb, resource and namespace, here and only here.
 * `audited` runs outside that translation, so the audit log records the words the user reads.
 */
export function kubeWriteProcedure<S extends z.ZodType>(
  role: 'editor' | 'admin',
  input: S,
  questionOf: (input: z.output<S>) => AccessQuestion,
) {
  return (role === 'admin' ? adminProcedure : editorProcedure)
    .meta({ kube: 'write' })
    .input(input)
    .use(audited)
    .use(async ({ ctx, input: parsed, next }) => {
      const kube = new UserKube(ctx, ctx.user);
      const result = await next({ ctx: { kube } });
      // tRPC hands back what the handler threw as INTERNAL_SERVER_ERROR wrapping the original
      const cause = result.ok || result.error.code !== 'INTERNAL_SERVER_ERROR' ? undefined : result.error.cause;
      if (cause === undefined) return result;
      const refused = kube.refusal(cause, questionOf(parsed as z.output<S>));
      if (refused === cause) return result;
      throw refused;
    });
}
