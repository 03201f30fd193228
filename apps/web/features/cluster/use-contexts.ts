'use client';
// The kubeconfig's contexts as cluster.contexts answers (names, which is the default, reachable or
// why not), asked every 10 s. Asked without a cluster (the default's answer): the list must show
// on a page whose own cluster is unknown or down, which is exactly when someone wants another one.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { makeTrpcClient, shouldRetry } from '../../trpc/client';

const POLL_MS = 10_000;

export function useClusterContexts() {
  const [studio] = useState(() => makeTrpcClient(null));
  return useQuery({
    queryKey: ['studio', 'cluster.contexts'],
    queryFn: ({ signal }) => studio.cluster.contexts.query(undefined, { signal }),
    refetchInterval: POLL_MS,
    retry: shouldRetry,
  });
}
