// The CRD requests the install service makes: read, list, server-side apply (optionally as a
// dry run) and delete of CRDs, list/delete of the custom resources of one CRD, and the same
// apply and delete for the objects of the design's controller identity (install/identity.ts).
import type { KubeConfig } from '@kubernetes/client-node';
import type { CustomResourceDefinition } from '@opstudio/shared/crd/types';
import { isNotFound } from '../kube/errors';
import { FIELD_MANAGER } from '../kube/field-manager';
import { KubeJson } from '../kube/json-client';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

export interface CustomResource {
  readonly metadata: {
    readonly name: string;
    readonly namespace?: string;
    readonly uid?: string;
    readonly finalizers?: readonly string[];
    readonly deletionTimestamp?: string;
  };
}

export interface CrdCondition {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
}

export function conditionsOf(crd: CustomResourceDefinition): CrdCondition[] {
  const status = crd.status as { conditions?: CrdCondition[] } | null | undefined;
  return Array.isArray(status?.conditions) ? status.conditions : [];
}

/** The version a client should list with: the storage version if served, else any served one. */
export function servedVersion(crd: CustomResourceDefinition): string | undefined {
  const served = crd.spec.versions.filter((v) => v.served);
  return (served.find((v) => v.storage) ?? served[0])?.name;
}

export class CrdClient {
  private readonly http: KubeJson;

  constructor(kc: KubeConfig) {
    this.http = new KubeJson(kc);
  }

  async read(name: string): Promise<CustomResourceDefinition | undefined> {
    try {
      return await this.http.request<CustomResourceDefinition>({
        method: 'GET',
        path: `${CRDS}/${encodeURIComponent(name)}`,
      });
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** The kinds a group version serves (discovery); none when it serves no such group version. */
  async servedKinds(apiVersion: string): Promise<ReadonlySet<string>> {
    // the caller passes an apiVersion that passed the design's grammar (a version, or group/version)
    const path = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    try {
      const list = await this.http.request<{ resources?: { name: string; kind: string }[] }>({ method: 'GET', path });
      return new Set((list.resources ?? []).filter((r) => !r.name.includes('/')).map((r) => r.kind));
    } catch (err) {
      if (isNotFound(err)) return new Set();
      throw err;
    }
  }

  async list(labelSelector?: string): Promise<CustomResourceDefinition[]> {
    const list = await this.http.request<{ items: CustomResourceDefinition[] }>({
      method: 'GET',
      path: CRDS,
      query: { labelSelector },
    });
    return list.items;
  }

  /** Server-side apply as `operator-studio`, forcing ownership of fields another manager set. */
  apply(crd: CustomResourceDefinition, dryRun: boolean): Promise<CustomResourceDefinition> {
    const { status: _status, ...body } = crd;
    return this.http.request<CustomResourceDefinition>({
      method: 'PATCH',
      path: `${CRDS}/${encodeURIComponent(crd.metadata.name)}`,
      query: { fieldManager: FIELD_MANAGER, force: 'true', dryRun: dryRun ? 'All' : undefined },
      // JSON is YAML: the apply content type accepts it
      contentType: 'application/apply-patch+yaml',
      body,
    });
  }

  /** Points the CRD's conversion webhook elsewhere (a new port or CA bundle): a merge patch of that one field. */
  patchConversion(name: string, conversion: NonNullable<CustomResourceDefinition['spec']['conversion']>) {
    return this.http.request<CustomResourceDefinition>({
      method: 'PATCH',
      path: `${CRDS}/${encodeURIComponent(name)}`,
      query: { fieldManager: FIELD_MANAGER },
      contentType: 'application/merge-patch+json',
      body: { spec: { conversion } },
    });
  }

  /** A merge patch of the CRD's annotations (a rollout's finish moves its design-version pin); `dryRun` checks the right to. */
  patchAnnotations(name: string, annotations: Record<string, string>, dryRun: boolean) {
    return this.http.request<CustomResourceDefinition>({
      method: 'PATCH',
      path: `${CRDS}/${encodeURIComponent(name)}`,
      query: { fieldManager: FIELD_MANAGER, dryRun: dryRun ? 'All' : undefined },
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations } },
    });
  }

  /** Server-side apply of any object at its API path (the identity's ServiceAccount and RBAC). */
  applyAt<T>(path: string, body: object, dryRun: boolean, what: string): Promise<T> {
    return this.http.request<T>({
      method: 'PATCH',
      path,
      query: { fieldManager: FIELD_MANAGER, force: 'true', dryRun: dryRun ? 'All' : undefined },
      contentType: 'application/apply-patch+yaml',
      body,
      what,
    });
  }

  /** False when it was already gone. */
  async deleteAt(path: string, what: string): Promise<boolean> {
    try {
      await this.http.request({ method: 'DELETE', path, what });
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** False when it was already gone. */
  async delete(name: string): Promise<boolean> {
    try {
      await this.http.request({ method: 'DELETE', path: `${CRDS}/${encodeURIComponent(name)}` });
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** Every custom resource of the CRD, in all namespaces. Empty when the CRD serves no version. */
  async listResources(crd: CustomResourceDefinition, limit?: number): Promise<CustomResource[]> {
    const version = servedVersion(crd);
    if (version === undefined) return [];
    const path = `/apis/${crd.spec.group}/${version}/${crd.spec.names.plural}`;
    const list = await this.http.request<{ items: CustomResource[] }>({
      method: 'GET',
      path,
      query: { limit: limit === undefined ? undefined : String(limit) },
    });
    return list.items;
  }

  /** Every custom resource of the CRD at `version`, in all namespaces, read in pages of `pageSize`. */
  async listAllResources(crd: CustomResourceDefinition, version: string, pageSize = 500): Promise<CustomResource[]> {
    const path = `/apis/${crd.spec.group}/${version}/${crd.spec.names.plural}`;
    const out: CustomResource[] = [];
    let next: string | undefined;
    do {
      const page = await this.http.request<{ items: CustomResource[]; metadata?: { continue?: string } }>({
        method: 'GET',
        path,
        query: { limit: String(pageSize), continue: next },
      });
      out.push(...page.items);
      next = page.metadata?.continue || undefined;
    } while (next !== undefined);
    return out;
  }

  async deleteResource(crd: CustomResourceDefinition, obj: CustomResource): Promise<void> {
    const version = servedVersion(crd) ?? crd.spec.versions[0]?.name ?? 'v1';
    const ns = obj.metadata.namespace === undefined ? '' : `/namespaces/${encodeURIComponent(obj.metadata.namespace)}`;
    try {
      await this.http.request({
        method: 'DELETE',
        path: `/apis/${crd.spec.group}/${version}${ns}/${crd.spec.names.plural}/${encodeURIComponent(obj.metadata.name)}`,
      });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }
}
