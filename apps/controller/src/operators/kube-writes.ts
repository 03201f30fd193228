// The writes a reconciler makes, and the read of the operand's pod names (from the shared
// informer cache, not a LIST per reconcile): server-side apply of owned objects, merge patches of
// the CR's finalizers (guarded by its resourceVersion, so a concurrent edit is a 409 and the
// reconcile retries) and of its status subresource. An interface, so the reconcile phases can be
// read (and tested) apart from HTTP.
// Built on KubeJson like every other studio request: a refusal is a KubeApiError whose message
// names the call (`apply Deployment x: … (409)`), and a request on a half-open connection (a
// proxy that stopped forwarding) fails after KubeJson's timeout instead of holding its worker.
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type { ResourceCoordinates } from '@opstudio/shared/operand/index';
import { FIELD_MANAGER } from '../kube/field-manager';
import { KubeJson } from '../kube/json-client';
import { ObjectPaths } from '../kube/object-paths';
import { INSTANCE_LABEL } from '../kube/object-index';
import { matchesLabels } from '../kube/resource-spec';

export interface CrRef {
  readonly name: string;
  readonly namespace?: string;
}

export interface KubeWrites {
  /** Server-side apply as `operator-studio`, forcing ownership; returns the object as stored. */
  apply<T extends KubernetesObject>(desired: T): Promise<T>;
  /** Sets the CR's finalizers; `resourceVersion` makes it fail with 409 if the CR changed meanwhile. */
  setFinalizers(ref: CrRef, finalizers: readonly string[], resourceVersion: string | undefined): Promise<void>;
  /** Merge patch on /status: the given fields replace what is there. Resolves to the new resourceVersion. */
  patchStatus(ref: CrRef, status: Record<string, unknown>): Promise<string | undefined>;
  /** Names of the pods matching the selector that are not being deleted, sorted. */
  podNames(namespace: string, matchLabels: Readonly<Record<string, string>>): Promise<string[]>;
}

/**
 * The Pods the names are read from: a lease on the cache's Pods (PODS, every pod: the informer
 * the Pods panel and the Events share), which holds every pod an operand selector can match.
 */
export interface PodCache {
  list(namespace?: string): readonly KubernetesObject[];
  /** The pods of a namespace with this `app.kubernetes.io/instance` label (the cache's index). */
  byInstance(namespace: string, value: string): readonly KubernetesObject[];
  readonly synced: boolean;
  readonly lastError: string | undefined;
  waitForSync(timeoutMs: number): Promise<boolean>;
}

export function kubeWrites(kc: KubeConfig, coords: ResourceCoordinates, pods: PodCache): KubeWrites {
  const kube = new KubeJson(kc);
  const paths = new ObjectPaths(kube);
  const { group, version, plural } = coords;
  const crPath = (ref: CrRef) =>
    `/apis/${group}/${version}${ref.namespace === undefined ? '' : `/namespaces/${encodeURIComponent(ref.namespace)}`}/${plural}/${encodeURIComponent(ref.name)}`;
  const mergePatch = <T>(what: string, path: string, body: object) =>
    kube.request<T>({ method: 'PATCH', path, body, contentType: 'application/merge-patch+json', what });
  return {
    async apply(desired) {
      const what = `apply ${desired.kind ?? 'object'} ${desired.metadata?.name ?? ''}`;
      const query = { fieldManager: FIELD_MANAGER, force: 'true' };
      return kube.request({
        method: 'PATCH',
        path: await paths.of(desired),
        query,
        contentType: 'application/apply-patch+yaml',
        body: desired,
        what,
      });
    },
    async setFinalizers(ref, finalizers, resourceVersion) {
      const metadata = { finalizers: [...finalizers], ...(resourceVersion !== undefined ? { resourceVersion } : {}) };
      await mergePatch(`patch ${plural}/${ref.name}`, crPath(ref), { metadata });
    },
    async patchStatus(ref, status) {
      const updated = await mergePatch<{ metadata?: { resourceVersion?: string } } | undefined>(
        `patch ${plural}/${ref.name}/status`,
        `${crPath(ref)}/status`,
        { status },
      );
      return updated?.metadata?.resourceVersion;
    },
    async podNames(namespace, matchLabels) {
      // a reconcile right after start waits for the first list; an error outcome (and a retry) if it never comes
      if (!pods.synced && !(await pods.waitForSync(10_000)))
        throw new Error(`the Pod cache has not synced yet${pods.lastError !== undefined ? `: ${pods.lastError}` : ''}`);
      // the selector names its instance: read that index, not every pod of the namespace (quadratic in a burst)
      const instance = matchLabels[INSTANCE_LABEL];
      return (instance !== undefined ? pods.byInstance(namespace, instance) : pods.list(namespace))
        .filter((p) => p.metadata?.deletionTimestamp === undefined && matchesLabels(p, matchLabels))
        .map((p) => p.metadata?.name ?? '')
        .filter((n) => n !== '')
        .sort();
    },
  };
}
