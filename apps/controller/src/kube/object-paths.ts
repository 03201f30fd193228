// Where an object lives in the REST API (`/apis/apps/v1/namespaces/a/deployments/x`), from
// discovery: a group version's resource list gives the kind's plural and whether it is
// namespaced. What client-node's KubernetesObjectApi does, on KubeJson. Lists are cached per
// group version for the life of the process; a failed lookup is forgotten so the next one asks
// again (a CRD installed a moment ago).
import type { KubernetesObject } from '@kubernetes/client-node';
import type { KubeJson } from './json-client';

interface ApiResource {
  readonly name: string;
  readonly kind: string;
  readonly namespaced: boolean;
}

export class ObjectPaths {
  private readonly lists = new Map<string, Promise<readonly ApiResource[]>>();

  constructor(private readonly kube: Pick<KubeJson, 'request'>) {}

  /** The object's own path; a namespaced kind without a namespace goes to `default`, as kubectl does. */
  async of(obj: KubernetesObject): Promise<string> {
    const { apiVersion, kind } = obj;
    const name = obj.metadata?.name;
    if (apiVersion === undefined || kind === undefined || name === undefined)
      throw new Error('an object needs apiVersion, kind and metadata.name to have a path');
    const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    const resource = (await this.resources(base)).find((r) => r.kind === kind && !r.name.includes('/'));
    if (resource === undefined) {
      this.lists.delete(base);
      throw new Error(`the API server serves no kind ${kind} in ${apiVersion}`);
    }
    const namespace = resource.namespaced
      ? `/namespaces/${encodeURIComponent(obj.metadata?.namespace ?? 'default')}`
      : '';
    return `${base}${namespace}/${resource.name}/${encodeURIComponent(name)}`;
  }

  private resources(base: string): Promise<readonly ApiResource[]> {
    let list = this.lists.get(base);
    if (list === undefined) {
      list = this.kube.request<{ resources: ApiResource[] }>({ method: 'GET', path: base }).then(
        (l) => l.resources,
        (err: unknown) => {
          this.lists.delete(base);
          throw err;
        },
      );
      this.lists.set(base, list);
    }
    return list;
  }
}
