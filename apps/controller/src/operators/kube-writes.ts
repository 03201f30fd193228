// The writes a reconciler makes on its custom resource: merge patches of its finalizers (guarded
// by its resourceVersion, so a concurrent edit is a 409 and the reconcile retries) and of its
// status subresource. The children's writes are child-writes.ts; reconcile-io.ts joins both into
// the reconciler's one writer.
// Built on KubeJson like every other studio request: a refusal is a KubeApiError whose message
// names the call (`patch memcacheds/x/status: … (409)`), and a request on a half-open connection
// (a proxy that stopped forwarding) fails after KubeJson's timeout instead of holding its worker.
import type { KubeConfig } from '@kubernetes/client-node';
import type { ResourceCoordinates } from '@opstudio/shared/operand/index';
import { KubeJson } from '../kube/json-client';

export interface CrRef {
  readonly name: string;
  readonly namespace?: string;
}

export interface KubeWrites {
  /** Sets the CR's finalizers; `resourceVersion` makes it fail with 409 if the CR changed meanwhile. */
  setFinalizers(ref: CrRef, finalizers: readonly string[], resourceVersion: string | undefined): Promise<void>;
  /** Merge patch on /status: the given fields replace what is there. Resolves to the new resourceVersion. */
  patchStatus(ref: CrRef, status: Record<string, unknown>): Promise<string | undefined>;
}

export function kubeWrites(kc: KubeConfig, coords: ResourceCoordinates): KubeWrites {
  const kube = new KubeJson(kc);
  const { group, version, plural } = coords;
  const crPath = (ref: CrRef) =>
    `/apis/${group}/${version}${ref.namespace === undefined ? '' : `/namespaces/${encodeURIComponent(ref.namespace)}`}/${plural}/${encodeURIComponent(ref.name)}`;
  const mergePatch = <T>(what: string, path: string, body: object) =>
    kube.request<T>({ method: 'PATCH', path, body, contentType: 'application/merge-patch+json', what });
  return {
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
  };
}
