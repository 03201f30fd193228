// `ctx.kube`: the cluster as one request's user may see and change it, handed to handlers by the
// procedure types of api/procedures.ts. It binds the user to the rules of auth/kube-authority.ts
// (impersonation for requests made as the user, SubjectAccessReviews for what the studio reads
// with its own identity), so services take what they need (`config`, `readable`) and never a user.
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRefusal, mayInKube, readableItems, requireKubeAccess } from '../auth';
import type { AccessQuestion, KubeAuthority, StudioUser } from '../auth';

export class UserKube {
  constructor(
    private readonly authority: KubeAuthority,
    readonly user: StudioUser,
  ) {}

  /** What requests made for the user go out with: impersonating in multi-user mode, the studio's own otherwise. */
  get config(): KubeConfig {
    return this.authority.identities.forUser(this.user);
  }

  /** May the user do this? (single-user mode asks about the studio's own identity) */
  may(q: AccessQuestion): Promise<boolean> {
    return mayInKube(this.authority, this.user, q);
  }

  /** FORBIDDEN, naming who may not do what, unless RBAC allows it (passes for the studio's own identity). */
  require(q: AccessQuestion): Promise<void> {
    return requireKubeAccess(this.authority, this.user, q);
  }

  /** The items the user may `list`, judged by their namespace (all of them for the studio's own identity). */
  readable<T>(
    q: { group: string; resource: string },
    items: readonly T[],
    namespaceOf: (item: T) => string | undefined,
  ): Promise<T[]> {
    return readableItems(this.authority, this.user, q, items, namespaceOf);
  }

  /** A 403 to a request made as the user, worded for them; anything else is returned unchanged. */
  refusal(err: unknown, q: AccessQuestion): unknown {
    return kubeRefusal(err, this.authority, this.user, q);
  }
}
