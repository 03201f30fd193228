// The reconciler's two edges (docs/design/0049): a reader over the shared informer cache and a
// writer to the API server. The reader is the only place a reconcile reads from, and it holds no
// copy of its own: what the reconciler wrote and the cache has not shown yet is an Expectation
// (expectations.ts), waited for, never served from a second cache. The one read that is not the
// cache's is controller-runtime's API reader: a child the plan wants that the child kinds'
// caches do not hold (they select the studio's label, so another owner's object of the same
// name is not there) is read with a GET before it is first applied: is it someone else's?
import type { KubernetesObject } from '@kubernetes/client-node';
import type { ExternalTarget, ExternalValue } from '@opstudio/shared/graph/index';
import { INSTANCE_LABEL } from '../kube/object-index';
import { matchesLabels } from '../kube/resource-spec';
import type { ChildWrites } from './child-writes';
import type { CrObject } from './cr-object';
import type { ExternalReads } from './external-reads';
import type { ObjectRef } from './expectations';
import type { CrRef, KubeWrites } from './kube-writes';

export interface Cache<T> {
  get(name: string, namespace?: string): T | undefined;
}

/** The child kinds' caches, as the reconciler reads them. */
export interface ChildCaches {
  /** Every cached child (of any watched kind) whose controller ownerReference, or else owner label, has this uid. */
  controlledBy(uid: string): readonly KubernetesObject[];
  get(apiVersion: string, kind: string, name: string, namespace?: string): KubernetesObject | undefined;
  /** Whether every child kind's cache has listed (the finalizer trusts an empty cache only then). */
  synced?(): boolean;
}

/**
 * The Pods the image form's `status.nodes` are read from: a lease on the shared cache's Pods
 * (PODS, every pod: the informer the Pods panel and the Events share, docs/design/0047). The
 * names are those of the pods the planned Deployment's selector matches, found through the
 * cache's instance index (the selector names its instance), never a LIST per reconcile.
 */
export interface PodCache {
  list(namespace?: string): readonly KubernetesObject[];
  /** The pods of a namespace with this `app.kubernetes.io/instance` label (the cache's index). */
  byInstance(namespace: string, value: string): readonly KubernetesObject[];
  readonly synced: boolean;
  readonly lastError: string | undefined;
  waitForSync(timeoutMs: number): Promise<boolean>;
}

export interface ReconcileReader {
  /** The custom resource, from its kind's cache. */
  cr(name: string, namespace?: string): CrObject | undefined;
  /** Every cached child the custom resource with this uid controls. */
  controlledBy(uid: string): readonly KubernetesObject[];
  /** Whether every child kind's cache has listed. */
  synced(): boolean;
  /** A child's object as its kind's cache holds it. */
  cached(ref: ObjectRef): KubernetesObject | undefined;
  /** A planned child not among the custom resource's: its kind's cache, else the API reader's GET. */
  current(desired: KubernetesObject): Promise<KubernetesObject | undefined>;
  /** What the design's external references name, from their kinds' caches (none: never found). */
  externals(key: string, targets: readonly ExternalTarget[]): Iterable<[string, ExternalValue]>;
  forgetExternals(key: string): void;
  /** Names of the pods matching the selector that are not being deleted, sorted. */
  podNames(namespace: string, matchLabels: Readonly<Record<string, string>>): Promise<string[]>;
  /** The pods matching the selector, from the cache (none without a Pods lease; never a LIST). */
  pods(namespace: string, matchLabels: Readonly<Record<string, string>>): readonly KubernetesObject[];
}

export interface ReconcileWriter {
  /** Server-side apply as `operator-studio`, forcing our fields; the object as stored. */
  apply(desired: KubernetesObject): Promise<KubernetesObject>;
  /** Background delete guarded by the uid; false when it was already gone. */
  delete(observed: KubernetesObject): Promise<boolean>;
  /** Sets the CR's finalizers; `resourceVersion` makes it fail with 409 if the CR changed meanwhile. */
  setFinalizers(ref: CrRef, finalizers: readonly string[], resourceVersion: string | undefined): Promise<void>;
  /** Merge patch on /status; resolves to the new resourceVersion. */
  patchStatus(ref: CrRef, status: Record<string, unknown>): Promise<string | undefined>;
}

export interface CacheReaderParts {
  readonly crs: Cache<CrObject>;
  readonly children: ChildCaches;
  /** the API reader: a GET of an object the caches do not hold */
  readonly live: Pick<ChildWrites, 'get'>;
  readonly externals?: Pick<ExternalReads, 'read' | 'forget'>;
  /** the Pods' cache, for a profile that reports its pods (none: no names) */
  readonly pods?: PodCache;
}

export function cacheReader(parts: CacheReaderParts): ReconcileReader {
  const { crs, children, live, externals, pods } = parts;
  const cached = (ref: ObjectRef) =>
    children.get(ref.apiVersion ?? '', ref.kind ?? '', ref.metadata?.name ?? '', ref.metadata?.namespace);
  return {
    cr: (name, namespace) => crs.get(name, namespace),
    controlledBy: (uid) => children.controlledBy(uid),
    synced: () => children.synced?.() ?? true,
    cached,
    current: async (desired) => cached(desired) ?? (await live.get(desired)),
    externals: (key, targets) => externals?.read(key, targets) ?? [],
    forgetExternals: (key) => externals?.forget(key),
    async podNames(namespace, matchLabels) {
      if (pods === undefined) return [];
      // a reconcile right after start waits for the first list; an error outcome (and a retry) if it never comes
      if (!pods.synced && !(await pods.waitForSync(10_000)))
        throw new Error(`the Pod cache has not synced yet${pods.lastError !== undefined ? `: ${pods.lastError}` : ''}`);
      return selected(pods, namespace, matchLabels)
        .filter((p) => p.metadata?.deletionTimestamp === undefined)
        .map((p) => p.metadata?.name ?? '')
        .filter((n) => n !== '')
        .sort();
    },
    pods: (namespace, matchLabels) =>
      pods === undefined || !pods.synced ? [] : selected(pods, namespace, matchLabels),
  };
}

/** The writer: the children's apply and delete, the custom resource's finalizers and status. */
export function reconcileWriter(children: Pick<ChildWrites, 'apply' | 'delete'>, cr: KubeWrites): ReconcileWriter {
  return {
    apply: (desired) => children.apply(desired),
    delete: (observed) => children.delete(observed),
    setFinalizers: (ref, finalizers, rv) => cr.setFinalizers(ref, finalizers, rv),
    patchStatus: (ref, status) => cr.patchStatus(ref, status),
  };
}

/** The cached pods a selector matches: the instance index when the selector names its instance (not every pod of the namespace, quadratic in a burst). */
function selected(
  pods: PodCache,
  namespace: string,
  matchLabels: Readonly<Record<string, string>>,
): readonly KubernetesObject[] {
  const instance = matchLabels[INSTANCE_LABEL];
  return (instance !== undefined ? pods.byInstance(namespace, instance) : pods.list(namespace)).filter((p) =>
    matchesLabels(p, matchLabels),
  );
}
