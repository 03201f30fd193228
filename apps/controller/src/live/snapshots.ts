// Who can answer "what is the state of this topic right now?". Each service that publishes a
// topic registers a snapshot function for it; a subscription asks for topics nobody serves → error.
import type { LiveEvent } from './events';
import type { Topic } from './topics';

export type SnapshotFn = (topic: Topic) => readonly LiveEvent[] | Promise<readonly LiveEvent[]>;

export class SnapshotRegistry {
  private readonly sources: { matches: (topic: Topic) => boolean; snapshot: SnapshotFn }[] = [];

  register(matches: Topic | ((topic: Topic) => boolean), snapshot: SnapshotFn): void {
    this.sources.push({ matches: typeof matches === 'string' ? (t) => t === matches : matches, snapshot });
  }

  has(topic: Topic): boolean {
    return this.sources.some((s) => s.matches(topic));
  }

  async snapshot(topic: Topic): Promise<readonly LiveEvent[]> {
    const source = this.sources.find((s) => s.matches(topic));
    return source === undefined ? [] : source.snapshot(topic);
  }
}
