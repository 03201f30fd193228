// access.*: "may I?", asked by the UI before it offers an action (Create, Apply, Delete, Install
// CRD). The answer combines the studio role (what the procedure types would allow) with the
// user's Kubernetes RBAC (a SubjectAccessReview, cached 10 s per question), so a button is shown
// only when the server would not refuse it. The server checks again on the real request.
import { z } from 'zod';
import { mayInKube, roleAllows } from '../../auth';
import type { AccessQuestion, Role, StudioUser } from '../../auth';
import type { RequestContext } from '../context';
import { createTRPCRouter, viewerProcedure } from '../trpc';
import { names } from './resources';

export const accessVerbs = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'] as const;
const READ_VERBS = new Set<string>(['get', 'list', 'watch']);

const check = z.object({
  verb: z.enum(accessVerbs, { error: `verb is one of ${accessVerbs.join(', ')}` }),
  group: z.union([z.literal(''), names.group]),
  resource: names.plural,
  namespace: names.namespace.optional(),
  name: names.name.optional(),
});

export const accessInput = {
  can: check,
  check: z.object({ checks: z.array(check).min(1, 'ask at least one question').max(50, 'at most 50 questions at once') }),
};

export interface AccessAnswer {
  readonly allowed: boolean;
  /** Why not: the studio role is too small, or Kubernetes RBAC forbids it; null when allowed. */
  readonly denied: 'role' | 'rbac' | null;
}

/** The studio role a request needs before Kubernetes is even asked (mirrors the procedure types). */
export function roleNeededFor(q: Pick<AccessQuestion, 'verb' | 'group' | 'resource'>): Role {
  if (READ_VERBS.has(q.verb)) return 'viewer';
  return q.group === 'apiextensions.k8s.io' && q.resource === 'customresourcedefinitions' ? 'admin' : 'editor';
}

async function answer(ctx: RequestContext, user: StudioUser, q: AccessQuestion): Promise<AccessAnswer> {
  if (!roleAllows(user.role, roleNeededFor(q))) return { allowed: false, denied: 'role' };
  return (await mayInKube(ctx, user, q)) ? { allowed: true, denied: null } : { allowed: false, denied: 'rbac' };
}

export const accessRouter = createTRPCRouter({
  can: viewerProcedure.input(accessInput.can).query(({ ctx, input }) => answer(ctx, ctx.user, input)),
  check: viewerProcedure.input(accessInput.check).query(({ ctx, input }) => Promise.all(input.checks.map((q) => answer(ctx, ctx.user, q)))),
});
