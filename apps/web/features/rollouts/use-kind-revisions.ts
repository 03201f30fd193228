'use client';
// A kind's revisions and rollout (rollouts.get), polled while the page is open: a rollout's steps
// come from the leader's runner every second, so the page looks every 2 s while one moves, every
// 10 s otherwise (a rollout started elsewhere, a pin).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../trpc/client';

export function useKindRevisions(crdName: string, enabled: boolean) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.rollouts.get.queryOptions({ crdName }),
    enabled,
    refetchInterval: (query) => {
      const phase = query.state.data?.rollout?.state.phase;
      return phase === 'canary' || phase === 'rest' ? 2_000 : 10_000;
    },
  });
  const assigned = useMemo(() => new Set(q.data?.rollout?.state.assigned ?? []), [q.data?.rollout?.state.assigned]);
  return { data: q.data, error: q.error, assigned, queryKey: trpc.rollouts.get.queryKey({ crdName }) };
}
