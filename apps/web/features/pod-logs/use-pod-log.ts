'use client';
// The lines a log view shows: the follow subscription's batches (or, not following, the log as it
// is now), kept to the last MAX_VIEW_LINES so an hour of following does not grow the tab.
import { useQuery } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { keepLast } from '@opstudio/shared/pod-logs/lines';
import { MAX_VIEW_LINES, type LogStart } from '@opstudio/shared/pod-logs/options';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../trpc/client';

export interface PodLogInput {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
  readonly previous: boolean;
  readonly start: LogStart;
}

export interface PodLogState {
  readonly lines: readonly string[];
  readonly loading: boolean;
  /** What the API said went wrong (a forbidden user, a pod gone, a container without logs). */
  readonly error: { readonly code: string | undefined; readonly message: string } | null;
  /** The follow ended by itself (the container stopped, the connection dropped): start it again. */
  readonly restart: () => void;
}

const errorOf = (e: { message: string; data?: unknown } | null | undefined) =>
  e ? { code: (e.data as { code?: string } | undefined)?.code, message: e.message } : null;

export function usePodLog(input: PodLogInput | null, follow: boolean): PodLogState {
  const trpc = useTRPC();
  const [lines, setLines] = useState<readonly string[]>([]);
  const key = JSON.stringify([input, follow]);
  useEffect(() => setLines([]), [key]);

  const following = follow && input !== null && !input.previous;
  const subscription = useSubscription(
    trpc.podLogs.follow.subscriptionOptions(input ?? skipInput, {
      enabled: following,
      // tracked batches: a reconnect resumes after the last line's time (no duplicates)
      onData: (message) => setLines((kept) => keepLast(kept, message.data, MAX_VIEW_LINES)),
    }),
  );
  const once = useQuery({
    ...trpc.podLogs.read.queryOptions(input ?? skipInput),
    enabled: input !== null && !following,
    staleTime: 0,
  });
  useEffect(() => {
    if (!following && once.data)
      setLines(keepLast([], once.data.text.split('\n').filter(notLastEmpty), MAX_VIEW_LINES));
  }, [following, once.data]);

  if (following)
    return {
      lines,
      loading: subscription.status === 'connecting' && lines.length === 0,
      error: errorOf(subscription.error),
      restart: subscription.reset,
    };
  return {
    lines,
    loading: once.isPending && input !== null,
    error: errorOf(once.error),
    restart: () => void once.refetch(),
  };
}

// a disabled query or subscription still needs an input of the right shape
const skipInput = { namespace: 'x', pod: 'x', container: 'x', previous: false, start: { tailLines: 1 } };
const notLastEmpty = (line: string, i: number, all: string[]) => !(i === all.length - 1 && line === '');
