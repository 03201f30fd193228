// The body of the one live subscription: subscribe to the bus FIRST (so nothing published while
// we build the snapshot is lost), then either replay what a reconnecting client missed (same
// boot, still in the ring) or send a fresh snapshot, then stream live changes. Every event is
// `tracked()` so the client reconnects with `lastEventId`.
import { tracked } from '@trpc/server';
import type { TrackedEnvelope } from '@trpc/server';
import type { LiveBus, Sequenced } from './bus';
import type { LiveEvent } from './events';
import { formatEventId, resumePoint, snapshotEventId } from './event-id';
import type { SnapshotRegistry } from './snapshots';
import type { Topic } from '@opstudio/shared/live/topics';

export interface LiveStreamDeps {
  readonly bus: LiveBus;
  readonly snapshots: SnapshotRegistry;
  /**
   * What this subscriber may see of an event (multi-user mode: Kubernetes RBAC per namespace):
   * the event, a narrowed copy, or undefined to drop it. Absent: everything.
   */
  readonly visible?: ((event: LiveEvent) => LiveEvent | undefined | Promise<LiveEvent | undefined>) | undefined;
  /**
   * Topics this subscriber may not read at all: nothing is started for them, and each shows the
   * snapshot given here instead (topic-reads.ts `withheldSnapshot`: empty, or why not).
   */
  readonly withheld?: ReadonlyMap<string, LiveEvent | undefined> | undefined;
}

export interface LiveStreamInput {
  readonly topics: readonly Topic[];
  readonly lastEventId?: string | null | undefined;
}

export class UnknownTopicError extends Error {
  override readonly name = 'UnknownTopicError';
}

export async function* liveStream(
  deps: LiveStreamDeps,
  input: LiveStreamInput,
  signal?: AbortSignal,
): AsyncGenerator<TrackedEnvelope<LiveEvent>> {
  const { bus, snapshots } = deps;
  const visible = deps.visible ?? ((e: LiveEvent) => e);
  const withheld = deps.withheld ?? new Map<string, LiveEvent | undefined>();
  const topics = new Set<string>(input.topics.filter((t) => !withheld.has(t)));
  for (const topic of input.topics) {
    if (!snapshots.has(topic)) throw new UnknownTopicError(`nothing serves topic "${topic}" yet`);
  }
  const queue: Sequenced[] = [];
  let wake: (() => void) | undefined;
  const off = bus.subscribe((e) => {
    if (!topics.has(e.event.topic)) return;
    queue.push(e);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort, { once: true });
  // on-demand sources (a kind's informer, owned objects) run while someone listens
  const release = snapshots.acquire(input.topics.filter((t) => topics.has(t)));
  try {
    let cursor: number;
    const resume = resumePoint(input.lastEventId, bus.epoch, bus.lastSeq);
    const replay = resume.kind === 'resume' ? bus.since(resume.seq, topics) : undefined;
    if (resume.kind === 'resume' && replay !== undefined) {
      cursor = resume.seq;
      for (const e of replay) {
        cursor = e.seq;
        const shown = await visible(e.event);
        if (shown !== undefined) yield tracked(formatEventId(bus.epoch, e.seq), shown);
      }
    } else {
      cursor = bus.lastSeq;
      const events: LiveEvent[] = [];
      for (const topic of input.topics) {
        const empty = withheld.get(topic);
        if (empty !== undefined) events.push(empty);
        if (withheld.has(topic)) continue;
        for (const event of await snapshots.snapshot(topic)) {
          const shown = await visible(event);
          if (shown !== undefined) events.push(shown);
        }
      }
      for (const [i, event] of events.entries())
        yield tracked(snapshotEventId(bus.epoch, cursor, i, events.length), event);
    }
    const aborted = () => signal?.aborted === true;
    while (!aborted()) {
      let next: Sequenced | undefined;
      // an ended stream (client gone, session over) delivers nothing more, not even what is queued
      while (!aborted() && (next = queue.shift()) !== undefined) {
        if (next.seq <= cursor) continue; // already in the snapshot or the replay
        cursor = next.seq;
        const shown = await visible(next.event);
        if (shown !== undefined) yield tracked(formatEventId(bus.epoch, next.seq), shown);
      }
      if (aborted()) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  } finally {
    off();
    release();
    signal?.removeEventListener('abort', onAbort);
  }
}
