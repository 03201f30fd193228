// The writes a reconciler makes, and the one read it cannot serve from a cache (the operand's pods):
// server-side apply of owned objects, merge patches of the CR's finalizers (guarded by its
// resourceVersion, so a concurrent edit is a 409 and the reconcile retries) and of its status
// subresource. An interface, so the reconcile phases can be read (and tested) apart from HTTP.
import { ApiException, CoreV1Api, CustomObjectsApi, KubernetesObjectApi, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import type { ResourceCoordinates } from '@opstudio/shared/operand/index';
import { FIELD_MANAGER } from '../install/labels';

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

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

export function kubeWrites(kc: KubeConfig, coords: ResourceCoordinates): KubeWrites {
  const objects = KubernetesObjectApi.makeApiClient(kc);
  const custom = kc.makeApiClient(CustomObjectsApi);
  const core = kc.makeApiClient(CoreV1Api);
  const { group, version, plural } = coords;
  const patchCr = async (ref: CrRef, body: object) => {
    const what = `patch ${plural}/${ref.name}`;
    if (ref.namespace !== undefined) await concise(what, custom.patchNamespacedCustomObject({ group, version, plural, namespace: ref.namespace, name: ref.name, body }, mergePatch));
    else await concise(what, custom.patchClusterCustomObject({ group, version, plural, name: ref.name, body }, mergePatch));
  };
  return {
    async apply(desired) {
      return concise(`apply ${desired.kind ?? 'object'} ${desired.metadata?.name ?? ''}`, objects.patch(desired, undefined, undefined, FIELD_MANAGER, true, PatchStrategy.ServerSideApply));
    },
    async setFinalizers(ref, finalizers, resourceVersion) {
      await patchCr(ref, { metadata: { finalizers: [...finalizers], ...(resourceVersion !== undefined ? { resourceVersion } : {}) } });
    },
    async patchStatus(ref, status) {
      const body = { status };
      const what = `patch ${plural}/${ref.name}/status`;
      const updated = (await (ref.namespace !== undefined
        ? concise(what, custom.patchNamespacedCustomObjectStatus({ group, version, plural, namespace: ref.namespace, name: ref.name, body }, mergePatch))
        : concise(what, custom.patchClusterCustomObjectStatus({ group, version, plural, name: ref.name, body }, mergePatch)))) as { metadata?: { resourceVersion?: string } } | undefined;
      return updated?.metadata?.resourceVersion;
    },
    async podNames(namespace, matchLabels) {
      const labelSelector = Object.entries(matchLabels).map(([k, v]) => `${k}=${v}`).join(',');
      const pods = await concise('list pods', core.listNamespacedPod({ namespace, labelSelector }));
      return pods.items.filter((p) => p.metadata?.deletionTimestamp === undefined).map((p) => p.metadata?.name ?? '').filter((n) => n !== '').sort();
    },
  };
}

/** A failed API call, told in one line (client-node's ApiException message carries the whole response). */
export class KubeWriteError extends Error {
  override readonly name = 'KubeWriteError';
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/**
 * The generated client sets no request timeout: a request on a half-open connection (a proxy
 * that stopped forwarding) would hold its reconcile worker for ever. Past this, the call fails
 * and the reconcile retries on a new connection (client-node opens one per request).
 */
export const WRITE_TIMEOUT_MS = 30_000;

async function concise<T>(what: string, call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new KubeWriteError(`${what}: no answer from the API server within ${WRITE_TIMEOUT_MS / 1000} s`, 504)), WRITE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([call, timeout]);
  } catch (err) {
    if (!(err instanceof ApiException)) throw err;
    let detail = '';
    try {
      detail = (JSON.parse(String(err.body)) as { message?: string }).message ?? '';
    } catch {
      detail = '';
    }
    throw new KubeWriteError(`${what}: ${detail || `HTTP ${err.code}`} (${err.code})`, err.code);
  } finally {
    clearTimeout(timer);
  }
}

/** The HTTP status of a failed write, if it was one. */
export function apiStatus(err: unknown): number | undefined {
  return err instanceof KubeWriteError ? err.code : err instanceof ApiException ? err.code : undefined;
}
