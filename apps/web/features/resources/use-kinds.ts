'use client';
// Every CRD of the cluster, live (the `kinds` topic), for the navigation and the kind pages.
import { useMemo } from 'react';
import { useLiveTopics } from '../live/LiveProvider';
import type { ResourceKind } from './api-types';

const topics = ['kinds'] as const;

export function useKinds(): { readonly kinds: readonly ResourceKind[] | null; readonly error: string | null } {
  const { state, error } = useLiveTopics(topics);
  const kinds = useMemo(
    () =>
      state.kinds === null
        ? null
        : [...state.kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name)),
    [state.kinds],
  );
  return { kinds, error: error?.message ?? null };
}

/** One kind by its CRD name; undefined while the list loads, null when the cluster has no such CRD. */
export function useKind(crdName: string): ResourceKind | null | undefined {
  const { kinds } = useKinds();
  if (kinds === null) return undefined;
  return kinds.find((k) => k.name === crdName) ?? null;
}
