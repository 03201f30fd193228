// Every page that shows one cluster lives under /c/<context>/ (docs/design/0035-several-clusters.md):
// the home /c/<context>, /c/<context>/designs/…, /c/<context>/resources/<crd>/…, so a link opens the
// same page on the same cluster in any tab. /admin/* and /sign-in are studio-wide and have no cluster.
// The context travels as its one canonical segment (contextToPathSegment): `admin@prod` stays
// readable, an EKS ARN's `/` becomes %2F.
// The home is `/c/<segment>` without a trailing slash: Next answers `/c/<segment>/` with a
// redirect to it (trailingSlash is off), so links save that round trip.
import { contextFromPathSegment, contextToPathSegment } from './context-name';

const PREFIX = '/c/';

/**
 * How a request names its cluster (the context's contextToPathSegment): queries and mutations in
 * this header, subscriptions (SSE, where a browser cannot set headers) in tRPC's connectionParams
 * under CLUSTER_PARAM. Neither: the default context.
 */
export const CLUSTER_HEADER = 'x-opstudio-cluster';
export const CLUSTER_PARAM = 'cluster';

/**
 * The URL of `path` on the cluster named `context`. `path` is the page's path as it was before
 * clusters (`/`, `/designs/new`, `/resources/x?tab=y`), already encoded, starting with `/`.
 */
export function clusterHref(context: string, path: string): string {
  if (!path.startsWith('/')) throw new Error(`a page path starts with "/", got ${JSON.stringify(path)}`);
  const base = `${PREFIX}${contextToPathSegment(context)}`;
  // the home's query or fragment follows the segment directly: /c/x?tab=y, not /c/x/?tab=y
  return /^\/(?:[?#]|$)/.test(path) ? `${base}${path.slice(1)}` : `${base}${path}`;
}

export interface ClusterPath {
  /** The context name the page is about. */
  readonly context: string;
  /** The path inside the cluster, `/` for its home (`/designs/x` for /c/<context>/designs/x). */
  readonly path: string;
}

/**
 * Which cluster an (encoded) URL pathname is on, as `window.location.pathname` or Next's
 * usePathname() gives it; null for studio-wide pages, old URLs and a segment that names no usable
 * context (the route answers 404 for those).
 */
export function clusterOfPathname(pathname: string): ClusterPath | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const end = pathname.indexOf('/', PREFIX.length);
  const segment = end === -1 ? pathname.slice(PREFIX.length) : pathname.slice(PREFIX.length, end);
  const context = contextFromPathSegment(segment);
  if (context === undefined) return null;
  return { context, path: end === -1 ? '/' : pathname.slice(end) };
}

/**
 * The context name from the `[cluster]` route parameter. Next 16 hands dynamic parameters still
 * percent-encoded (`cluster%2Fmain`, `admin%40prod` as the browser sent it), which is what
 * contextFromPathSegment reads; undefined → the page answers 404.
 */
export function contextFromRouteParam(param: string): string | undefined {
  return contextFromPathSegment(param);
}

/**
 * Where an old URL (before clusters: `/`, `/designs/…`, `/resources/…`) now lives: the same path
 * and query on the default context. `segments` are the catch-all route's parameters, as Next hands
 * them (encoded, see contextFromRouteParam); `search` is the query string with or without its `?`.
 */
export function oldUrlTarget(defaultContext: string, segments: readonly string[], search: string): string {
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return clusterHref(defaultContext, `/${segments.join('/')}${query}`);
}
