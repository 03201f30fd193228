// Where a page of the test cluster lives since the studio serves several clusters: under
// /c/<context>/ (docs/design/0035). The e2e studio's kubeconfig is the test sandbox's, whose
// context is its default; an old address (/resources/…) redirects here.
import { clusterHref } from '../../packages/shared/src/kube/cluster-href';

export const TEST_CONTEXT = 'opstudio-sandbox-test';

/** The URL of a page (`/`, `/designs/x`, `/resources/…`) on the test cluster. */
export const onTestCluster = (path: string): string => clusterHref(TEST_CONTEXT, path);

/** The same, as a RegExp that matches the whole URL's path (for toHaveURL and waitForURL). */
export const onTestClusterPattern = (pathPattern: string): RegExp => new RegExp(`/c/${TEST_CONTEXT}${pathPattern}`);
