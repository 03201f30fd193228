// "May this user do that?" asked of the API server with a SubjectAccessReview (the studio's own
// credentials need `create` on subjectaccessreviews). Reads served from the shared informer
// cache are filtered by it; the UI asks it before offering an action. Answers are cached for a
// few seconds per question, concurrent identical questions share one request, and a failed
// review is "no" (never cached), so an unreachable authorizer fails closed.
import { AuthorizationV1Api } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeIdentityMapping } from './config';
import { kubeIdentityOf } from './impersonation';
import type { StudioUser } from './roles';

export interface AccessQuestion {
  readonly verb: string;
  /** API group ('' for the core group). */
  readonly group: string;
  /** Plural resource name, e.g. `memcacheds`. */
  readonly resource: string;
  /** undefined: cluster-wide (all namespaces). */
  readonly namespace?: string | undefined;
  readonly name?: string | undefined;
  readonly subresource?: string | undefined;
}

export interface AccessReviewerOptions {
  readonly ttlMs?: number;
  readonly maxEntries?: number;
  readonly mapping?: KubeIdentityMapping;
  readonly now?: () => number;
  readonly log?: (message: string) => void;
}

export class AccessReviewer {
  private readonly api: AuthorizationV1Api;
  private readonly cache = new Map<string, { allowed: boolean; until: number }>();
  private readonly inflight = new Map<string, Promise<boolean>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /** Reviews actually sent to the API server (for tests and metrics). */
  requests = 0;

  constructor(
    kc: KubeConfig,
    private readonly opts: AccessReviewerOptions = {},
  ) {
    this.api = kc.makeApiClient(AuthorizationV1Api);
    this.ttlMs = opts.ttlMs ?? 10_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.now = opts.now ?? Date.now;
  }

  async allowed(user: Pick<StudioUser, 'name' | 'role' | 'kubeGroups'>, q: AccessQuestion): Promise<boolean> {
    const identity = kubeIdentityOf(user, this.opts.mapping);
    return this.cached([identity.user, identity.groups.join('\n')], q, () =>
      this.review(identity.user, identity.groups, q),
    );
  }

  /** May the studio's own identity do this? (single-user mode: the local admin acts as the kubeconfig's owner) */
  async allowedSelf(q: AccessQuestion): Promise<boolean> {
    return this.cached(['', 'self'], q, () => this.selfReview(q));
  }

  private cached(who: readonly [string, string], q: AccessQuestion, ask: () => Promise<boolean>): Promise<boolean> {
    const key = JSON.stringify([
      ...who,
      q.verb,
      q.group,
      q.resource,
      q.namespace ?? '',
      q.name ?? '',
      q.subresource ?? '',
    ]);
    const hit = this.cache.get(key);
    if (hit !== undefined && hit.until > this.now()) return Promise.resolve(hit.allowed);
    const pending = this.inflight.get(key);
    if (pending !== undefined) return pending;
    const review = ask()
      .then((allowed) => {
        this.remember(key, allowed);
        return allowed;
      })
      .catch((err: unknown) => {
        this.opts.log?.(
          `access review failed for ${who[0] || 'the studio'} ${q.verb} ${q.resource}: ${err instanceof Error ? err.message : String(err)} (answering no)`,
        );
        return false;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, review);
    return review;
  }

  /** The items the user may read, judged per namespace (one review per namespace, cached). */
  async filterReadable<T>(
    user: Pick<StudioUser, 'name' | 'role' | 'kubeGroups'>,
    q: Omit<AccessQuestion, 'namespace' | 'verb'>,
    items: readonly T[],
    namespaceOf: (item: T) => string | undefined,
  ): Promise<T[]> {
    const namespaces = [...new Set(items.map(namespaceOf))];
    const verdicts = new Map(
      await Promise.all(
        namespaces.map(async (ns) => [ns, await this.allowed(user, { ...q, verb: 'list', namespace: ns })] as const),
      ),
    );
    return items.filter((item) => verdicts.get(namespaceOf(item)) === true);
  }

  private async review(user: string, groups: readonly string[], q: AccessQuestion): Promise<boolean> {
    this.requests++;
    const result = await this.api.createSubjectAccessReview({
      body: {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: {
          user,
          groups: [...groups, 'system:authenticated'],
          resourceAttributes: resourceAttributesOf(q),
        },
      },
    });
    return granted(result.status);
  }

  private async selfReview(q: AccessQuestion): Promise<boolean> {
    this.requests++;
    const result = await this.api.createSelfSubjectAccessReview({
      body: {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SelfSubjectAccessReview',
        spec: { resourceAttributes: resourceAttributesOf(q) },
      },
    });
    return granted(result.status);
  }

  private remember(key: string, allowed: boolean): void {
    if (this.cache.size >= this.maxEntries) {
      const now = this.now();
      for (const [k, v] of this.cache) if (v.until <= now) this.cache.delete(k);
      for (const k of this.cache.keys()) {
        if (this.cache.size < this.maxEntries) break;
        this.cache.delete(k);
      }
    }
    this.cache.set(key, { allowed, until: this.now() + this.ttlMs });
  }
}

function resourceAttributesOf(q: AccessQuestion) {
  return {
    verb: q.verb,
    group: q.group,
    resource: q.resource,
    namespace: q.namespace,
    name: q.name,
    subresource: q.subresource,
  };
}

/** Allowed and not explicitly denied (an authorizer may answer both "no opinion" and "deny"). */
function granted(status: { allowed: boolean; denied?: boolean } | undefined): boolean {
  return status?.allowed === true && status.denied !== true;
}
