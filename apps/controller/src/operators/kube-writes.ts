// The writes a reconciler makes, and the one read it cannot serve from a cache (the operand's pods):
// server-side apply of owned objects, merge patches of the CR's finalizers (guarded by its
// resourceVersion, so a concurrent edit is a 409 and the reconcile retries) and of its status
// subresource. An interface, so the reconcile phases can be read (and tested) apart from HTTP.
// Built on KubeJson like every other studio request: a refusal is a KubeApiError whose message
// names the call (`apply Deployment x: … (409)`), and a request on a half-open connection (a
// proxy that stopped forwarding) fails after KubeJson's timeout instead of holding its worker.
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type { ResourceCoordinates } from '@opstudio/shared/operand/index';
import { FIELD_MANAGER } from '../kube/field-manager';
import { KubeJson } from '../kube/json-client';
import { ObjectPaths } from '../kube/object-paths';

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

export function kubeWrites(kc: KubeConfig, coords: ResourceCoordinates): KubeWrites {
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
      const labelSelector = Object.entries(matchLabels)
        .map(([k, v]) => `${k}=${v}`)
        .join(',');
      const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods`;
      const pods = await kube.request<{ items: KubernetesObject[] }>({
        method: 'GET',
        path,
        query: { labelSelector },
        what: 'list pods',
      });
      return pods.items
        .filter((p) => p.metadata?.deletionTimestamp === undefined)
        .map((p) => p.metadata?.name ?? '')
        .filter((n) => n !== '')
        .sort();
    },
  };
}
