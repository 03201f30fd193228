'use client';
// The page's one live subscription. Components declare the topics they show with
// useLiveTopics(); the provider subscribes once for all of them (plus `cluster`, which the header
// always shows), so a page costs one of the browser's six connections per origin.
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { LiveEvent } from '@opstudio/controller/router';
import type { Topic } from '@opstudio/shared/live/index';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTRPC } from '../../trpc/client';
import { SESSION_QUERY_KEY } from '../auth/SessionProvider';
import { applyLiveEvents, connectionOf, emptyLiveState, streamErrorOf } from './live-state';
import type { Connection, LiveState, StreamError } from './live-state';

interface LiveContextValue {
  readonly state: LiveState;
  readonly connection: Connection;
  /** Why the stream is not live, when it is not: the server's answer, or a dropped connection (code null). */
  readonly error: StreamError | null;
  readonly register: (topics: readonly Topic[]) => () => void;
  /** Every raw event of `topic`, as it arrives (for components that keep their own state). */
  readonly listen: (topic: Topic, fn: (event: LiveEvent) => void) => () => void;
}

const LiveContext = createContext<LiveContextValue | null>(null);

export function LiveProvider({ children }: { readonly children: ReactNode }) {
  const trpc = useTRPC();
  const [counts, setCounts] = useState<ReadonlyMap<Topic, number>>(() => new Map([['cluster', 1]]));
  const topics = useMemo(
    () =>
      [...counts.entries()]
        .filter(([, n]) => n > 0)
        .map(([t]) => t)
        .sort(),
    [counts],
  );
  const [state, dispatch] = useReducer(applyLiveEvents, emptyLiveState);
  // Events are folded in batches (at most one render per ~16 ms): 5,000 CRs created at once
  // arrive as 5,000 events, and re-rendering a 5,000-row table for each would stall the page.
  const pending = useRef<LiveEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listeners = useRef(new Map<string, Set<(event: LiveEvent) => void>>());
  const onData = useCallback((event: LiveEvent) => {
    for (const fn of listeners.current.get(event.topic) ?? []) fn(event);
    pending.current.push(event);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      dispatch(pending.current.splice(0));
    }, 16);
  }, []);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null; // strict mode remounts: the next event must schedule a flush again
    },
    [],
  );
  // Children's effects (their useLiveTopics) run before ours: subscribing from the first render
  // after mount opens one stream with every topic instead of one for `cluster` and then another.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const subscription = useSubscription(
    trpc.live.subscribe.subscriptionOptions(
      { topics },
      { enabled: mounted, onData: (message) => onData(message.data) },
    ),
  );

  // A subscription that ended in an error (e.g. the controller restarted mid-handshake) starts
  // over; so does one the server ended (its session ended: signed out, deleted, expired). When
  // the answer is then UNAUTHORIZED, the session is asked again and the gate shows the way in.
  const { status, reset, error: raw } = subscription;
  // derived from the previous render's (React's "storing information from previous renders"):
  // the server's error outlives the dropped connection that follows it
  const [seen, setSeen] = useState<{ raw: typeof raw; error: StreamError | null }>({ raw: null, error: null });
  if (seen.raw !== raw) setSeen({ raw, error: streamErrorOf(raw, seen.error) });
  const { error } = seen;
  const queryClient = useQueryClient();
  const errorCode = error === null ? null : (error.code ?? '');
  const unauthorized = errorCode === 'UNAUTHORIZED';
  useEffect(() => {
    if (unauthorized) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [unauthorized, queryClient]);
  useEffect(() => {
    if (status !== 'error' && !(status === 'idle' && mounted)) return;
    const timer = setTimeout(reset, status === 'error' ? 2000 : 1000);
    return () => clearTimeout(timer);
  }, [status, reset, mounted]);

  const register = useCallback((wanted: readonly Topic[]) => {
    const change = (delta: number) =>
      setCounts((prev) => {
        const next = new Map(prev);
        for (const t of wanted) next.set(t, (next.get(t) ?? 0) + delta);
        return next;
      });
    change(1);
    return () => change(-1);
  }, []);

  const listen = useCallback((topic: Topic, fn: (event: LiveEvent) => void) => {
    const set = listeners.current.get(topic) ?? new Set();
    listeners.current.set(topic, set.add(fn));
    return () => {
      set.delete(fn);
      if (set.size === 0) listeners.current.delete(topic);
    };
  }, []);

  const connection = connectionOf(status, errorCode, state.cluster);
  const value = useMemo(
    () => ({ state, connection, error, register, listen }),
    [state, connection, error, register, listen],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export function useLive(): LiveContextValue {
  const value = useContext(LiveContext);
  if (value === null) throw new Error('useLive() needs a <LiveProvider> above it (app/layout.tsx)');
  return value;
}

/** Ask the page's live subscription to carry these topics while the calling component is mounted. */
export function useLiveTopics(topics: readonly Topic[]): LiveContextValue {
  const live = useLive();
  const key = topics.join('\n');
  const { register } = live;
  useEffect(() => register(key === '' ? [] : (key.split('\n') as Topic[])), [key, register]);
  return live;
}

/** Carries `topic` on the page's one subscription while set, and hands each of its events to `onEvent`. */
export function useLiveEvents(topic: Topic | null, onEvent: (event: LiveEvent) => void): void {
  const { register, listen } = useLive();
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (topic === null) return;
    const off = listen(topic, (e) => latest.current(e));
    const unregister = register([topic]);
    return () => {
      unregister();
      off();
    };
  }, [topic, register, listen]);
}
