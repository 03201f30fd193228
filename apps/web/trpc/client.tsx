'use client';
// The browser's API client: queries and mutations batched over HTTP, the page's one live
// subscription over SSE (it reconnects by itself and resumes from the last event id), all under
// TanStack Query. One retry policy for the whole app: never retry what cannot succeed by retrying.
// One client per cluster (features/cluster/ClusterScope keys this provider by it): every request
// names the cluster as the controller's contract asks, a header for queries and mutations, the
// subscription's connectionParams for the SSE stream (an EventSource cannot set headers).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, isTRPCClientError, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@opstudio/controller/router';
import { contextToPathSegment } from '@opstudio/shared/kube/context-name';
import { CLUSTER_HEADER, CLUSTER_PARAM } from '@opstudio/shared/kube/cluster-href';
import { useState } from 'react';
import type { ReactNode } from 'react';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const API_URL = '/api/trpc';
const NEVER_RETRY = new Set([400, 401, 403, 404, 409, 422]);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isTRPCClientError(error)) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
    if (status !== undefined && NEVER_RETRY.has(status)) return false;
  }
  return failureCount < 3;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** A client for one cluster (its context name), or for the default one and studio-wide reads (null). */
export function makeTrpcClient(cluster: string | null) {
  const segment = cluster === null ? null : contextToPathSegment(cluster);
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: API_URL,
          ...(segment === null ? {} : { connectionParams: { [CLUSTER_PARAM]: segment } }),
        }),
        // the controller refuses state-changing requests without x-opstudio-csrf (CSRF: a cross-site form cannot set headers)
        false: httpBatchLink({
          url: API_URL,
          headers: { 'x-opstudio-csrf': '1', ...(segment === null ? {} : { [CLUSTER_HEADER]: segment }) },
        }),
      }),
    ],
  });
}

/** `cluster`: the context name the page is about, or null for the default (studio-wide pages). */
export function ApiProvider({ cluster, children }: { readonly cluster: string | null; readonly children: ReactNode }) {
  // made once per mount: a new cluster is a new mount (the caller keys this provider by it)
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() => makeTrpcClient(cluster));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
