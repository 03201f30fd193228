// Kubernetes RBAC decides what a studio user may do, in two ways (docs/security.md):
// - writes go out as the user (KubeIdentities.forUser) and the API server's 403 comes back here
//   as a ForbiddenError that names the verb, resource and namespace (`kubeRefusal`);
// - reads served from the studio's own caches or made with its own identity are checked with
//   SubjectAccessReviews first (`requireKubeAccess`, `readableItems`), cached by AccessReviewer.
// A user acting as the studio itself (single-user mode) is never filtered: the caches hold what
// the kubeconfig's owner may read anyway.
import { ForbiddenError } from '../errors';
import { asKubeApiError } from '../kube/errors';
import type { AccessQuestion, AccessReviewer } from './access-review';
import type { KubeIdentities, KubeIdentity } from './impersonation';
import type { StudioUser } from './roles';

export interface KubeAuthority {
  readonly identities: KubeIdentities;
  readonly access: AccessReviewer;
}

/** `memcacheds.cache.example.com`, `pods`, `deployments/scale.apps`. */
const resourceText = (q: Pick<AccessQuestion, 'group' | 'resource' | 'subresource'>): string =>
  `${q.resource}${q.subresource === undefined ? '' : `/${q.subresource}`}${q.group === '' ? '' : `.${q.group}`}`;

/** What a question is about, in words: `create memcacheds.cache.example.com in namespace a`. */
export function describeAccess(q: AccessQuestion): string {
  const resource = resourceText(q);
  const object = q.name === undefined ? resource : `${resource} "${q.name}"`;
  return `${q.verb} ${object} ${q.namespace === undefined ? 'cluster-wide' : `in namespace ${q.namespace}`}`;
}

function who(identity: KubeIdentity | undefined): string {
  return identity === undefined ? "the studio's own Kubernetes identity" : `${identity.user} (${groupsText(identity)})`;
}

function groupsText(identity: KubeIdentity): string {
  return `${identity.groups.length === 1 ? 'group' : 'groups'} ${identity.groups.join(', ')}`;
}

/** `what`: the refused access in words (describeAccess). */
function refusal(identity: KubeIdentity | undefined, what: string, cause?: unknown): ForbiddenError {
  const advice =
    identity === undefined
      ? "grant the kubeconfig's user that right"
      : `ask a cluster admin to bind a Role granting it to user ${identity.user} or ${identity.groups.length === 1 ? 'group' : 'one of the groups'} ${identity.groups.join(', ')}`;
  return new ForbiddenError(
    `Kubernetes RBAC does not let ${who(identity)} ${what}: ${advice}`,
    [],
    cause === undefined ? undefined : { cause },
  );
}

/** May the user do this in the cluster? The studio's own identity is asked for single-user mode. */
export function mayInKube(k: KubeAuthority, user: StudioUser, q: AccessQuestion): Promise<boolean> {
  return k.identities.actsAsItself(user) ? k.access.allowedSelf(q) : k.access.allowed(user, q);
}

/** A ForbiddenError unless RBAC lets the user do this (checked before serving a read with the studio's identity). */
export async function requireKubeAccess(k: KubeAuthority, user: StudioUser, q: AccessQuestion): Promise<void> {
  if (k.identities.actsAsItself(user)) return;
  if (!(await k.access.allowed(user, q))) throw refusal(k.identities.identityOf(user), describeAccess(q));
}

/**
 * May the user `list` this resource anywhere: cluster-wide (one review), else in at least one of
 * `namespaces` (pass none for a cluster-scoped kind), asked a few at a time until one says yes;
 * every answer is cached like any other.
 */
export async function mayListSomewhere(
  k: KubeAuthority,
  user: StudioUser,
  q: { group: string; resource: string },
  namespaces: readonly string[],
): Promise<boolean> {
  if (k.identities.actsAsItself(user)) return true;
  if (await k.access.allowed(user, { ...q, verb: 'list' })) return true;
  for (let i = 0; i < namespaces.length; i += 8) {
    const verdicts = await Promise.all(
      namespaces.slice(i, i + 8).map((namespace) => k.access.allowed(user, { ...q, verb: 'list', namespace })),
    );
    if (verdicts.includes(true)) return true;
  }
  return false;
}

/**
 * The items the user may `list`: everything when RBAC allows listing cluster-wide (one review),
 * else the items of the namespaces it may list (one review per namespace, cached).
 */
export async function readableItems<T>(
  k: KubeAuthority,
  user: StudioUser,
  q: { group: string; resource: string },
  items: readonly T[],
  namespaceOf: (item: T) => string | undefined,
): Promise<T[]> {
  if (k.identities.actsAsItself(user)) return [...items];
  if (await k.access.allowed(user, { ...q, verb: 'list' })) return [...items];
  return k.access.filterReadable(user, q, items, namespaceOf);
}

/**
 * A 403 answer of the API server to a request made as the user, as a ForbiddenError that says who
 * may not do what and how to fix it; anything else is returned unchanged (rethrow it).
 */
export function kubeRefusal(err: unknown, k: KubeAuthority, user: StudioUser, q: AccessQuestion): unknown {
  const refused = asKubeApiError(err);
  if (refused?.code !== 403) return err;
  const said = refused.status?.message ?? '';
  // RBAC refusals read `… is forbidden: User "x" cannot create resource …`; other 403s (a
  // terminating namespace, an admission webhook) keep the API server's own words
  if (!/\bcannot\b/.test(said))
    return new ForbiddenError(said.length > 0 ? said : `the API server refused to ${describeAccess(q)}`, [], {
      cause: err,
    });
  return refusal(k.identities.identityOf(user), describeAccess(refusedQuestion(said) ?? q), err);
}

/** What the API server says was refused (an uninstall deletes CRs before the CRD: name the right one). */
function refusedQuestion(said: string): AccessQuestion | undefined {
  const m =
    /cannot (\w+) resource "([^"/]+)(?:\/([^"]+))?" in API group "([^"]*)"(?: in the namespace "([^"]+)")?/.exec(said);
  if (m === null) return undefined;
  const [, verb, resource, subresource, group, namespace] = m;
  if (verb === undefined || resource === undefined || group === undefined) return undefined;
  return { verb, resource, group, namespace, subresource };
}
