// The list half of the shared cache's list-watch: a raw GET of a collection through KubeJson.
import type { KubernetesListObject, KubernetesObject } from '@kubernetes/client-node';
import type { KubeJson } from './json-client';

/**
 * The collection as the API server's own JSON (no model classes: list items and watch events then
 * have the same shape). A list's items carry no apiVersion/kind: set them from the list, as watch
 * events have them (an observed Deployment without `kind` would look like drift to apply.ts).
 */
export async function listAll(
  http: KubeJson,
  path: string,
  labelSelector: string | undefined,
  timeoutMs: number,
): Promise<KubernetesListObject<KubernetesObject>> {
  const list = await http.request<KubernetesListObject<KubernetesObject>>({
    method: 'GET',
    path,
    query: { labelSelector },
    timeoutMs,
    what: `list ${path}`,
  });
  const kind = list.kind?.endsWith('List') === true ? list.kind.slice(0, -'List'.length) : undefined;
  for (const item of list.items ?? []) {
    item.apiVersion ??= list.apiVersion;
    if (kind !== undefined) item.kind ??= kind;
  }
  return list;
}
