// The list half of the shared cache's list-watch: a raw GET of a collection through KubeJson, in
// pages of PAGE_SIZE as client-go's pager does: each page is parsed and put in its cached form
// (./cached-form.ts) before the next one is asked for, so listing 40,000 Events never holds one
// 50 MB response and all its objects in full at once (that peak stayed in the process's RSS).
import type { KubernetesListObject, KubernetesObject } from '@kubernetes/client-node';
import { KubeApiError } from './errors';
import type { KubeJson } from './json-client';

/** A page as the API server sends it (the model class calls `continue` `_continue`). */
interface RawPage {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: { readonly resourceVersion?: string; readonly continue?: string };
  readonly items?: KubernetesObject[];
}

/** client-go's default page size (pager.defaultPageSize). */
export const PAGE_SIZE = 500;

/**
 * The collection as the API server's own JSON (no model classes: list items and watch events then
 * have the same shape). A list's items carry no apiVersion/kind: set them from the list, as watch
 * events have them (an observed Deployment without `kind` would look like drift to apply.ts).
 * The pages share one snapshot (the first page's resourceVersion); if the server expired the
 * continue token meanwhile (410), the list starts over in one piece, as client-go's pager does.
 */
export async function listAll(
  http: KubeJson,
  path: string,
  labelSelector: string | undefined,
  timeoutMs: number,
  /** The form the cache keeps (./cached-form.ts), applied to each item. */
  form: (item: KubernetesObject) => KubernetesObject = (item) => item,
  pageSize = PAGE_SIZE,
): Promise<KubernetesListObject<KubernetesObject>> {
  const items: KubernetesObject[] = [];
  let next: string | undefined;
  let first: RawPage | undefined;
  let limit: number | undefined = pageSize;
  for (;;) {
    let page: RawPage;
    try {
      page = await http.request<RawPage>({
        method: 'GET',
        path,
        query: {
          labelSelector,
          ...(limit !== undefined ? { limit: String(limit) } : {}),
          ...(next !== undefined ? { continue: next } : {}),
        },
        timeoutMs,
        what: `list ${path}`,
      });
    } catch (err) {
      if (!(err instanceof KubeApiError) || err.code !== 410 || next === undefined) throw err;
      items.length = 0; // the snapshot expired between pages: one list in one piece
      [next, first, limit] = [undefined, undefined, undefined];
      continue;
    }
    first ??= page;
    const kind = page.kind?.endsWith('List') === true ? page.kind.slice(0, -'List'.length) : undefined;
    for (const item of page.items ?? []) {
      item.apiVersion ??= page.apiVersion;
      if (kind !== undefined) item.kind ??= kind;
      items.push(form(item));
    }
    next = page.metadata?.continue === '' ? undefined : page.metadata?.continue;
    if (next === undefined) break;
  }
  return {
    apiVersion: first?.apiVersion ?? 'v1',
    kind: first?.kind ?? 'List',
    metadata: { resourceVersion: first?.metadata?.resourceVersion },
    items,
  };
}
