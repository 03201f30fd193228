// A kind's JSON schema for the designer's template editor (cluster.kindSchema), from the cluster's
// OpenAPI v3 document of its group-version: built-in kinds and custom resources alike (a CRD's
// group-version document carries its schema). The index (`/openapi/v3`) is asked on every call,
// as the calling user: it is small, it says whether the group-version is served at all, and its
// `?hash=` changes whenever the document does (a CRD installed or updated), so the converted
// schemas are cached by (apiVersion, kind, server version, hash) and are never stale. Both are
// non-resource URLs every authenticated user may read (system:discovery).
import type { KubeConfig } from '@kubernetes/client-node';
import { kindJsonSchema, openApiPathOf, splitApiVersion } from '@opstudio/shared/kube/openapi-schema';
import type { JsonSchema, OpenApiDocument } from '@opstudio/shared/kube/openapi-schema';
import { KubeApiError } from './errors';
import { KubeJson } from './json-client';

export type KindSchemaAnswer =
  | { readonly schema: JsonSchema }
  /** `served: false` when the cluster says it serves no such kind (not when it cannot say) */
  | { readonly schema: null; readonly reason: string; readonly served?: false };

interface OpenApiIndex {
  readonly paths?: Record<string, { readonly serverRelativeURL?: string } | undefined>;
}

/** The document's content hash from the index's `serverRelativeURL` (hex, as the API server writes it). */
const HASH = /[?&]hash=([0-9A-Fa-f]{1,128})(?:&|$)/;

export class KindSchemas {
  /** Oldest first: a hit moves to the end, the first entry goes when there are more than `max`. */
  private readonly cache = new Map<string, Promise<KindSchemaAnswer>>();

  constructor(private readonly max = 32) {}

  /**
   * `apiVersion` and `kind` are validated by the caller (api/routers/cluster.ts): the path is built
   * from them, never from the index's URL. A kind the cluster does not serve is an answer, not an error.
   */
  async get(
    kc: KubeConfig,
    ref: { readonly apiVersion: string; readonly kind: string },
    serverVersion: string | null,
  ): Promise<KindSchemaAnswer> {
    const json = new KubeJson(kc);
    let index: OpenApiIndex;
    try {
      index = await json.request<OpenApiIndex>({ method: 'GET', path: '/openapi/v3', what: 'read the OpenAPI index' });
    } catch (err) {
      if (err instanceof KubeApiError && err.code === 404)
        return { schema: null, reason: 'the cluster serves no OpenAPI v3 documents (Kubernetes 1.27 and later do)' };
      throw err;
    }
    const path = openApiPathOf(ref.apiVersion);
    const entry = index.paths?.[path];
    if (entry === undefined)
      return { schema: null, reason: `the cluster serves no ${ref.apiVersion} API`, served: false };
    const hash = HASH.exec(entry.serverRelativeURL ?? '')?.[1];
    // without a hash nothing says when the document changes: asked afresh each time
    if (hash === undefined) return this.load(json, path, undefined, ref);
    const key = JSON.stringify([ref.apiVersion, ref.kind, serverVersion, hash]);
    const hit = this.cache.get(key);
    if (hit !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const answer = this.load(json, path, hash, ref);
    this.cache.set(key, answer);
    answer.catch(() => {
      if (this.cache.get(key) === answer) this.cache.delete(key); // a failure is not remembered
    });
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= this.max) break;
      this.cache.delete(oldest);
    }
    return answer;
  }

  private async load(
    json: KubeJson,
    path: string,
    hash: string | undefined,
    ref: { readonly apiVersion: string; readonly kind: string },
  ): Promise<KindSchemaAnswer> {
    const doc = await json.request<OpenApiDocument>({
      method: 'GET',
      path: `/openapi/v3/${path}`,
      query: { hash },
      what: `read the OpenAPI document of ${ref.apiVersion}`,
    });
    const schema = kindJsonSchema(doc, { ...splitApiVersion(ref.apiVersion), kind: ref.kind });
    return schema === null
      ? { schema: null, reason: `the cluster's ${ref.apiVersion} API has no kind ${ref.kind}`, served: false }
      : { schema };
  }
}
