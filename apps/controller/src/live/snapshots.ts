// Who can answer "what is the state of this topic right now?". Each service that publishes a
// topic registers a snapshot function for it; a subscription asks for topics nobody serves → error.
// A source may also want to know who is listening (`demand`): it then starts its watch when a
// topic gets its first subscriber and stops it after the last one leaves. The stream acquires its
// topics for as long as it runs, so sources see subscribers, not snapshot calls.
import type { LiveEvent } from './events';
import type { Topic } from '@opstudio/shared/live/topics';

export type SnapshotFn = (topic: Topic) => readonly LiveEvent[] | Promise<readonly LiveEvent[]>;

export interface TopicDemand {
  /** The topic got its first subscriber. */
  readonly acquire: (topic: Topic) => void;
  /** Its last subscriber left. */
  readonly release: (topic: Topic) => void;
}

interface Source {
  readonly matches: (topic: Topic) => boolean;
  readonly snapshot: SnapshotFn;
  readonly demand: TopicDemand | undefined;
}

export class SnapshotRegistry {
  private readonly sources: Source[] = [];
  private readonly counts = new Map<Topic, number>();

  register(matches: Topic | ((topic: Topic) => boolean), snapshot: SnapshotFn, demand?: TopicDemand): void {
    this.sources.push({ matches: typeof matches === 'string' ? (t) => t === matches : matches, snapshot, demand });
  }

  has(topic: Topic): boolean {
    return this.sources.some((s) => s.matches(topic));
  }

  async snapshot(topic: Topic): Promise<readonly LiveEvent[]> {
    const source = this.sources.find((s) => s.matches(topic));
    return source === undefined ? [] : source.snapshot(topic);
  }

  /** Counts one subscriber on each topic; call the returned function (once) when it leaves. */
  acquire(topics: readonly Topic[]): () => void {
    const unique = [...new Set(topics)];
    for (const topic of unique) {
      const n = (this.counts.get(topic) ?? 0) + 1;
      this.counts.set(topic, n);
      if (n === 1) this.sourceOf(topic)?.demand?.acquire(topic);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const topic of unique) {
        const n = (this.counts.get(topic) ?? 1) - 1;
        if (n > 0) {
          this.counts.set(topic, n);
          continue;
        }
        this.counts.delete(topic);
        this.sourceOf(topic)?.demand?.release(topic);
      }
    };
  }

  /** How many open subscriptions carry this topic. */
  subscribers(topic: Topic): number {
    return this.counts.get(topic) ?? 0;
  }

  private sourceOf(topic: Topic): Source | undefined {
    return this.sources.find((s) => s.matches(topic));
  }
}
