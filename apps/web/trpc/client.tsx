'use client';
// The browser's API client: queries and mutations batched over HTTP, the page's one live
// subscription over SSE (it reconnects by itself and resumes from the last event id), all under
// TanStack Query. One retry policy for the whole app: never retry what cannot succeed by retrying.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, isTRPCClientError, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@opstudio/controller/router';
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

export function ApiProvider({ children }: { readonly children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: httpSubscriptionLink({ url: API_URL }),
          // the controller refuses state-changing requests without it (CSRF: a cross-site form cannot set headers)
          false: httpBatchLink({ url: API_URL, headers: { 'x-opstudio-csrf': '1' } }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
