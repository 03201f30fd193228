'use client';
// The one place that knows which cluster the page is about: the URL's /c/<context>/ segment
// (docs/design/0035). Everything that talks to the API sits inside the ApiProvider rendered here,
// keyed by the cluster: switching clusters drops the old one's tRPC client, its query cache and the
// live subscription with its state (LiveProvider is inside), so nothing of one cluster shows on
// another. Studio-wide pages (/admin/*, /sign-in) have no cluster: their requests carry no header,
// which the controller serves with the kubeconfig's current context (the default).
import { usePathname } from 'next/navigation';
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { clusterHref, clusterOfPathname } from '@opstudio/shared/kube/cluster-href';
import { ApiProvider } from '../../trpc/client';

export interface ClusterScopeValue {
  /** The context name from the URL; null on studio-wide pages (the default context serves them). */
  readonly context: string | null;
  /** The page's path inside the cluster (`/`, `/designs/x`); the whole pathname on studio-wide pages. */
  readonly path: string;
  /**
   * The URL of a cluster page (`/designs/new`) on this page's cluster. From a studio-wide page, the
   * path before clusters, which the server redirects to the default context.
   */
  readonly href: (path: string) => string;
}

const ClusterContext = createContext<ClusterScopeValue | null>(null);

export function ClusterScope({ children }: { readonly children: ReactNode }) {
  const pathname = usePathname();
  const onCluster = clusterOfPathname(pathname);
  const context = onCluster?.context ?? null;
  const path = onCluster?.path ?? pathname;
  const value = useMemo<ClusterScopeValue>(
    () => ({ context, path, href: (to) => (context === null ? to : clusterHref(context, to)) }),
    [context, path],
  );
  return (
    <ClusterContext.Provider value={value}>
      <ApiProvider key={context ?? ''} cluster={context}>
        {children}
      </ApiProvider>
    </ClusterContext.Provider>
  );
}

export function useCluster(): ClusterScopeValue {
  const value = useContext(ClusterContext);
  if (value === null) throw new Error('useCluster() needs a <ClusterScope> above it (app/layout.tsx)');
  return value;
}
