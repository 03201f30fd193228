// A page's address from before clusters (`/`, `/designs/…`, `/resources/…`) answers 307 to the same
// path and query on the default context (docs/design/0035): bookmarks and the CLI's links keep
// working, and the default may change between launches, so the redirect is never permanent.
// Without an answer from the controller (signed out: the frame sends the browser to sign in and
// back here; the controller down) the page says why instead.
import { redirect } from 'next/navigation';
import { oldUrlTarget } from '@opstudio/shared/kube/cluster-href';
import { serverDefaultContext } from './server-default-context';
import styles from './cluster.module.css';

export type SearchParams = Record<string, string | string[] | undefined>;

function queryOf(params: SearchParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, v);
  return query.toString();
}

export async function OldUrlRedirect({
  segments,
  searchParams,
}: {
  readonly segments: readonly string[];
  readonly searchParams: SearchParams;
}) {
  const found = await serverDefaultContext();
  if ('name' in found) redirect(oldUrlTarget(found.name, segments, queryOf(searchParams)));
  // signed out: the frame (AuthGate) shows the way to sign in, not this page
  if (found.status === 401) return null;
  return (
    <div className={`${styles.status} ${styles.down}`} role="status">
      <p className={styles.headline}>Cannot tell which cluster to open</p>
      <p className={styles.detail}>{found.problem}</p>
    </div>
  );
}
