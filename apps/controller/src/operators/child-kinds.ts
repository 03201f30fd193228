// The resources a graph design's children are, for the operator's watches: a built-in kind from
// shared's table, any other (a custom resource) from the API server's discovery of its group
// version (`/apis/<group>/<version>`: plural name and namespaced-ness). A group version the server
// does not serve yet (a CRD not installed) falls back to the default plural: the informer on it
// retries until it appears.
import type { KubeConfig } from '@kubernetes/client-node';
import { builtinChildKind, childResourceOf, isNamespacedOffline } from '@opstudio/shared/graph/child-kinds';
import type { ResourceGraph } from '@opstudio/shared/graph/model';
import { KubeJson } from '../kube/json-client';
import type { KindSpec } from '../kube/resource-spec';

export interface ChildKindSpec extends KindSpec {
  readonly apiVersion: string;
  /** from discovery; for a kind not served yet, what shared's offline table knows */
  readonly namespaced: boolean;
}

/** One spec per distinct apiVersion/kind of the graph's templates, in design order. */
export function childKindSpecs(
  kc: KubeConfig,
  graph: ResourceGraph,
  log: (message: string, fields?: Record<string, unknown>) => void = () => undefined,
): Promise<ChildKindSpec[]> {
  return kindSpecs(
    kc,
    graph.resources.map((r) => r.template),
    log,
  );
}

/** One spec per distinct apiVersion/kind (children's, or external references'), in the given order. */
export async function kindSpecs(
  kc: KubeConfig,
  kinds: readonly { readonly apiVersion: string; readonly kind: string }[],
  log: (message: string, fields?: Record<string, unknown>) => void = () => undefined,
): Promise<ChildKindSpec[]> {
  const kube = new KubeJson(kc);
  const seen = new Map<string, ChildKindSpec>();
  for (const { apiVersion, kind } of kinds) {
    const key = `${apiVersion}|${kind}`;
    if (seen.has(key)) continue;
    const builtin = builtinChildKind(apiVersion, kind);
    let resource = builtin?.resource;
    let namespaced = builtin?.namespaced;
    if (resource === undefined) {
      const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      const list = await kube
        .request<{ resources?: { name: string; kind: string; namespaced?: boolean }[] }>({
          method: 'GET',
          path: base,
          what: `discover ${apiVersion}`,
        })
        .catch((err: unknown) => {
          log('Child kind not served (yet): using its default plural', { apiVersion, kind, error: String(err) });
          return undefined;
        });
      const found = list?.resources?.find((r) => r.kind === kind && !r.name.includes('/'));
      resource = found?.name;
      namespaced = found?.namespaced;
    }
    const fallback = childResourceOf(apiVersion, kind);
    seen.set(key, {
      apiVersion,
      kind,
      group: fallback.group,
      version: fallback.version,
      resource: resource ?? fallback.resource,
      namespaced: namespaced ?? isNamespacedOffline(apiVersion, kind),
    });
  }
  return [...seen.values()];
}
