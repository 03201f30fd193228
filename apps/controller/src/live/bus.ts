// The in-process event bus: every live change is published here once, numbered, and kept in a
// ring so a subscriber that reconnects (same server boot) can replay what it missed.
import type { LiveEvent } from './events';
import { newEpoch } from './event-id';

export interface Sequenced {
  readonly seq: number;
  readonly event: LiveEvent;
}

export class LiveBus {
  readonly epoch: string;
  private seq = 0;
  private readonly ring: Sequenced[] = [];
  private readonly listeners = new Set<(e: Sequenced) => void>();

  constructor(
    private readonly capacity = 5000,
    epoch: string = newEpoch(),
  ) {
    this.epoch = epoch;
  }

  publish(event: LiveEvent): Sequenced {
    const entry = { seq: ++this.seq, event };
    this.ring.push(entry);
    if (this.ring.length > this.capacity) this.ring.shift();
    for (const listener of this.listeners) listener(entry);
    return entry;
  }

  subscribe(listener: (e: Sequenced) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get lastSeq(): number {
    return this.seq;
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  /** Events after `seq` on the given topics, or undefined if the ring no longer holds all of them. */
  since(seq: number, topics: ReadonlySet<string>): Sequenced[] | undefined {
    const oldest = this.ring[0]?.seq ?? this.seq + 1;
    if (seq + 1 < oldest) return undefined;
    return this.ring.filter((e) => e.seq > seq && topics.has(e.event.topic));
  }
}
