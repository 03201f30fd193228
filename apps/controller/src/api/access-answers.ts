// access.*: "may I?", asked by the UI before it offers an action. The answer combines the studio
// role (what the procedure types would allow) with the user's Kubernetes RBAC (a
// SubjectAccessReview, cached 10 s per question), so a button is shown only when the server
// would not refuse it. The server checks again on the real request.
import { roleAllows } from '../auth';
import type { AccessQuestion, Role } from '../auth';
import type { UserKube } from './user-kube';

export interface AccessAnswer {
  readonly allowed: boolean;
  /** Why not: the studio role is too small, or Kubernetes RBAC forbids it; null when allowed. */
  readonly denied: 'role' | 'rbac' | null;
}

const READ_VERBS = new Set<string>(['get', 'list', 'watch']);

/** The studio role a request needs before Kubernetes is even asked (mirrors the procedure types). */
export function roleNeededFor(q: Pick<AccessQuestion, 'verb' | 'group' | 'resource'>): Role {
  if (READ_VERBS.has(q.verb)) return 'viewer';
  return q.group === 'apiextensions.k8s.io' && q.resource === 'customresourcedefinitions' ? 'admin' : 'editor';
}

export async function answerAccess(kube: UserKube, q: AccessQuestion): Promise<AccessAnswer> {
  if (!roleAllows(kube.user.role, roleNeededFor(q))) return { allowed: false, denied: 'role' };
  return (await kube.may(q)) ? { allowed: true, denied: null } : { allowed: false, denied: 'rbac' };
}

/** Several questions at once (one page's buttons), answered in order. */
export function answerAll(kube: UserKube, questions: readonly AccessQuestion[]): Promise<AccessAnswer[]> {
  return Promise.all(questions.map((q) => answerAccess(kube, q)));
}
