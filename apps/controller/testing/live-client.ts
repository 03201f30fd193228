// A browser-like client of the one live subscription (`live.subscribe` over SSE, through
// EventSource as the web app uses it), keeping every event it received, and the timeline runs in
// them (snapshots and live runs alike).
// Test support only (apps/controller/testing: nothing under src/ imports it but tests).
import { EventSource } from 'eventsource';
import type { TimelineRun } from '../src/history/types';
import type { LiveEvent } from '../src/live/events';

export interface ReceivedEvent {
  readonly id: string;
  readonly at: number;
  readonly event: LiveEvent;
}

export interface LiveClient {
  readonly received: readonly ReceivedEvent[];
  /** The stream's error events (tRPC's `serialized-error`: the server ended the subscription). */
  readonly errors: readonly string[];
  close(): void;
}

/**
 * Subscribes to `topics` on the studio at `url` with a bearer token (the launch token in single-user
 * mode); `connectionParams` as httpSubscriptionLink sends them (`{ cluster }` names the cluster).
 */
export function subscribeLive(
  url: string,
  token: string,
  topics: readonly string[],
  connectionParams?: Readonly<Record<string, string>>,
): LiveClient {
  const received: ReceivedEvent[] = [];
  const errors: string[] = [];
  const query = new URLSearchParams({ input: JSON.stringify({ topics }) });
  if (connectionParams !== undefined) query.set('connectionParams', JSON.stringify(connectionParams));
  const es = new EventSource(`${url}/api/trpc/live.subscribe?${query.toString()}`, {
    fetch: (u, init) =>
      fetch(u, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } }),
  });
  es.addEventListener('message', (m) =>
    received.push({ id: m.lastEventId, at: Date.now(), event: JSON.parse(m.data as string) as LiveEvent }),
  );
  es.addEventListener('serialized-error', (m) => errors.push(m.data as string));
  return { received, errors, close: () => es.close() };
}

/** The timeline runs a client was shown: those in snapshots and those published live, in arrival order. */
export function timelineRuns(received: readonly ReceivedEvent[]): TimelineRun[] {
  return received.flatMap(({ event }) =>
    event.type === 'run' && 'run' in event
      ? [event.run]
      : event.type === 'snapshot' && 'runs' in event
        ? [...event.runs]
        : [],
  );
}
