// The writes and the one read the graph reconciler makes on its children, on KubeJson like every
// other studio request (a refusal is a KubeApiError naming the call): a GET for an object the
// cache does not hold (before the first apply: is it someone else's?), server-side apply as
// `operator-studio` forcing our own fields, and a Background delete guarded by the child's uid
// (a child deleted and re-created meanwhile by someone else is not ours to delete).
// Paths come from discovery (kube/object-paths.ts), so custom-resource children work too.
import type { KubeConfig, KubernetesObject } from '@kubernetes/client-node';
import { FIELD_MANAGER } from '../kube/field-manager';
import { isNotFound } from '../kube/errors';
import { KubeJson } from '../kube/json-client';
import { ObjectPaths } from '../kube/object-paths';

export interface ChildWrites {
  /** The object as stored, or undefined when there is none. */
  get(ref: KubernetesObject): Promise<KubernetesObject | undefined>;
  apply(desired: KubernetesObject): Promise<KubernetesObject>;
  /** Deletes with propagationPolicy Background; false when it was already gone. */
  delete(observed: KubernetesObject): Promise<boolean>;
}

const label = (o: KubernetesObject) => `${o.kind ?? 'object'} ${o.metadata?.name ?? ''}`;

export function childWrites(kc: KubeConfig): ChildWrites {
  const kube = new KubeJson(kc);
  const paths = new ObjectPaths(kube);
  return {
    async get(ref) {
      try {
        return await kube.request<KubernetesObject>({
          method: 'GET',
          path: await paths.of(ref),
          what: `get ${label(ref)}`,
        });
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async apply(desired) {
      return kube.request<KubernetesObject>({
        method: 'PATCH',
        path: await paths.of(desired),
        query: { fieldManager: FIELD_MANAGER, force: 'true' },
        contentType: 'application/apply-patch+yaml',
        body: desired,
        what: `apply ${label(desired)}`,
      });
    },
    async delete(observed) {
      const uid = observed.metadata?.uid;
      try {
        await kube.request({
          method: 'DELETE',
          path: await paths.of(observed),
          body: {
            apiVersion: 'v1',
            kind: 'DeleteOptions',
            propagationPolicy: 'Background',
            ...(uid !== undefined ? { preconditions: { uid } } : {}),
          },
          what: `delete ${label(observed)}`,
        });
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
  };
}
