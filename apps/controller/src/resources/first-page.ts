// A cold kind page's first screenful straight from the API server. When a page opens a kind that
// no informer watches yet, the informer's LIST of every object comes first (10,000 Tickets: 0.4 s
// and more, on a loaded machine over a second) and the table waited for it. A LIST with a `limit`
// answers with the first rows in the API server's order (namespace, then name: the table's own)
// in tens of milliseconds; the page shows them and the whole list follows once the informer has
// synced (kind-watches.ts). Anything wrong here only means waiting for the informer, as before.
import { compareByPlace, resourceRow } from '@opstudio/shared/resources/index';
import type { PrinterColumnSpec } from '@opstudio/shared/resources/index';
import type { ResourcesTopic } from '@opstudio/shared/live/topics';
import type { KubeJson } from '../kube/json-client';
import { resourcePath } from './request-body';
import type { ResourceKind, ResourceRow } from './types';

interface RawPage {
  readonly metadata?: { readonly continue?: string; readonly remainingItemCount?: number };
  readonly items?: unknown[];
}

export interface FirstPage {
  readonly rows: readonly ResourceRow[];
  /** Every object of the topic, when the API server says how many remain (it may not). */
  readonly total: number | undefined;
}

/** The topic's first `limit` rows, or undefined when the API server does not answer in time or at all. */
export async function firstPage(
  http: Pick<KubeJson, 'request'>,
  topic: ResourcesTopic,
  kind: ResourceKind,
  columns: readonly PrinterColumnSpec[],
  limit: number,
  timeoutMs: number,
): Promise<FirstPage | undefined> {
  // the same path builder as resources.list (it encodes each segment); the topic names only namespaced kinds' namespaces
  const path = resourcePath(topic, kind);
  try {
    const page = await http.request<RawPage>({
      method: 'GET',
      path,
      query: { limit: String(limit) },
      timeoutMs,
      what: `list the first ${limit} of ${path}`,
    });
    const rows = (page.items ?? []).map((o) => resourceRow(o, columns)).sort(compareByPlace);
    const remaining = page.metadata?.continue ? page.metadata.remainingItemCount : 0;
    return { rows, total: remaining === undefined ? undefined : rows.length + remaining };
  } catch {
    return undefined;
  }
}
