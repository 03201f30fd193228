// An event recorder for `events.k8s.io/v1` Events, with series aggregation like client-go's
// tools/events: a repeat of an isomorphic event (same regarding, related, type, reason, action and
// note) seen within `seriesWindowMs` of the last one does not create a new Event; it patches the
// first one's `series: {count, lastObservedTime}`. Differences from client-go, on purpose:
//   - every repeat is written (coalesced while a write is in flight) instead of being flushed
//     every 30 minutes, because the UI shows counts live;
//   - a series whose Event has gone (TTL, deleted) starts over with a new Event.
// `record()` never throws: an Event is telemetry, a reconcile must not fail because of it.
import os from 'node:os';
import type { EventsV1Event, KubeConfig, V1ObjectReference } from '@kubernetes/client-node';
import { isNotFound } from '../kube/errors';
import { KubeJson } from '../kube/json-client';
import type { Clock } from './clock';
import { realClock } from './clock';
import { microTime } from './micro-time';

export type EventType = 'Normal' | 'Warning';

export interface ObjectReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly uid?: string;
  readonly resourceVersion?: string;
  readonly fieldPath?: string;
}

export interface EventInput {
  readonly regarding: ObjectReference;
  readonly related?: ObjectReference;
  readonly type: EventType;
  /** UpperCamelCase, machine-readable (e.g. "Created", "Scaled", "ReconcileFailed"). */
  readonly reason: string;
  /** What was done or failed (e.g. "Create", "Scale", "Reconcile"); required by events.k8s.io/v1. */
  readonly action: string;
  /** Human-readable; cut to 1 kB, the API server's limit. */
  readonly note: string;
}

/** Where events go: the API server in production, memory in unit tests. */
export interface EventSink {
  create(event: EventsV1Event): Promise<void>;
  /** Rejects with a NotFoundError when the Event no longer exists. */
  patchSeries(namespace: string, name: string, series: { count: number; lastObservedTime: string }): Promise<void>;
}

export class EventNotFoundError extends Error {
  override readonly name = 'EventNotFoundError';
}

export function apiServerEventSink(kc: KubeConfig): EventSink {
  // plain JSON on the pooled connections (kube/json-client.ts), as every other write of a reconcile:
  // one client, one error shape (KubeApiError), no model classes to serialize
  const kube = new KubeJson(kc);
  const events = (namespace: string) => `/apis/events.k8s.io/v1/namespaces/${encodeURIComponent(namespace)}/events`;
  return {
    async create(event) {
      const namespace = event.metadata?.namespace ?? 'default';
      await kube.request({
        method: 'POST',
        path: events(namespace),
        body: event,
        what: `create Event in ${namespace}`,
      });
    },
    async patchSeries(namespace, name, series) {
      try {
        await kube.request({
          method: 'PATCH',
          path: `${events(namespace)}/${encodeURIComponent(name)}`,
          body: { series },
          contentType: 'application/merge-patch+json',
          what: `update Event ${namespace}/${name}`,
        });
      } catch (err) {
        if (isNotFound(err)) throw new EventNotFoundError(`Event ${namespace}/${name} is gone`);
        throw err;
      }
    },
  };
}

export interface EventRecorderOptions {
  readonly sink: EventSink;
  readonly reportingController?: string;
  readonly reportingInstance?: string;
  /** A repeat after this much quiet starts a new Event (client-go: 6 minutes). */
  readonly seriesWindowMs?: number;
  readonly clock?: Clock;
  readonly log?: (message: string, fields?: Record<string, unknown>) => void;
}

interface Series {
  readonly namespace: string;
  readonly name: string;
  count: number;
  lastObserved: number;
  /** The last write for this series (create, then patches), so patches follow the create. */
  tail: Promise<void>;
  patchQueued: boolean;
}

const noteLimit = 1024;

export class EventRecorder {
  private readonly sink: EventSink;
  private readonly controller: string;
  private readonly instance: string;
  private readonly windowMs: number;
  private readonly clock: Clock;
  private readonly log: (message: string, fields?: Record<string, unknown>) => void;
  private readonly series = new Map<string, Series>();
  private seq = 0;
  private lastSweep: number;

  constructor(opts: EventRecorderOptions) {
    this.sink = opts.sink;
    this.controller = opts.reportingController ?? 'operator-studio';
    this.instance = (opts.reportingInstance ?? os.hostname()).slice(0, 128);
    this.windowMs = opts.seriesWindowMs ?? 6 * 60_000;
    this.clock = opts.clock ?? realClock;
    this.log = opts.log ?? (() => undefined);
    this.lastSweep = this.clock.now();
  }

  /** Records an event; resolves once it is written (or failed and was logged). Never rejects. */
  record(input: EventInput): Promise<void> {
    const now = this.clock.now();
    this.sweep(now);
    const key = isomorphicKey(input);
    const existing = this.series.get(key);
    if (existing !== undefined && now - existing.lastObserved <= this.windowMs) {
      existing.count += 1;
      existing.lastObserved = now;
      return this.queuePatch(key, existing, input);
    }
    const event = this.build(input, now);
    const namespace = event.metadata?.namespace ?? 'default';
    const entry: Series = {
      namespace,
      name: event.metadata?.name ?? '',
      count: 1,
      lastObserved: now,
      tail: Promise.resolve(),
      patchQueued: false,
    };
    entry.tail = this.sink.create(event).catch((err: unknown) => {
      // Forget the series so the next repeat tries a fresh create.
      if (this.series.get(key) === entry) this.series.delete(key);
      this.log('Failed to record event', { reason: input.reason, regarding: input.regarding.name, error: String(err) });
    });
    this.series.set(key, entry);
    return entry.tail;
  }

  /** Waits for every write in flight (for tests and shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.series.values()].map((s) => s.tail));
  }

  private queuePatch(key: string, entry: Series, input: EventInput): Promise<void> {
    if (entry.patchQueued) return entry.tail; // the queued patch will send the latest count
    entry.patchQueued = true;
    entry.tail = entry.tail.then(async () => {
      entry.patchQueued = false;
      if (this.series.get(key) !== entry) return; // the create failed; a later record starts over
      try {
        await this.sink.patchSeries(entry.namespace, entry.name, {
          count: entry.count,
          lastObservedTime: microTime(entry.lastObserved),
        });
      } catch (err) {
        this.series.delete(key);
        if (err instanceof EventNotFoundError) {
          await this.record(input);
          return;
        }
        this.log('Failed to update event series', {
          reason: input.reason,
          regarding: input.regarding.name,
          error: String(err),
        });
      }
    });
    return entry.tail;
  }

  private build(input: EventInput, now: number): EventsV1Event {
    const namespace =
      input.regarding.namespace !== undefined && input.regarding.namespace !== ''
        ? input.regarding.namespace
        : 'default';
    // client-go names Events <regarding>.<unix nanos in hex>; the sequence keeps names unique within a millisecond.
    const nanos = BigInt(now) * 1_000_000n + BigInt(this.seq++ % 1_000_000);
    return {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: `${input.regarding.name}.${nanos.toString(16)}`, namespace },
      // A MicroTime string: see micro-time.ts (client-node types it as Date).
      eventTime: microTime(now) as unknown as Date,
      type: input.type,
      reason: input.reason,
      action: input.action,
      note: truncate(input.note),
      regarding: toRef(input.regarding),
      ...(input.related !== undefined ? { related: toRef(input.related) } : {}),
      reportingController: this.controller,
      reportingInstance: this.instance,
    };
  }

  /** Drops series quiet for longer than the window, so the map does not grow for ever. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, s] of this.series)
      if (now - s.lastObserved > this.windowMs && !s.patchQueued) this.series.delete(key);
  }
}

function toRef(ref: ObjectReference): V1ObjectReference {
  return { ...ref };
}

function truncate(note: string): string {
  const bytes = new TextEncoder().encode(note);
  if (bytes.length <= noteLimit) return note;
  // Cut on a character boundary, with room for the ellipsis.
  let cut = note.slice(0, noteLimit);
  while (new TextEncoder().encode(cut + '…').length > noteLimit) cut = cut.slice(0, -1);
  return cut + '…';
}

function isomorphicKey(e: EventInput): string {
  const ref = (r: ObjectReference | undefined) =>
    r === undefined ? null : [r.apiVersion, r.kind, r.namespace ?? '', r.name, r.uid ?? '', r.fieldPath ?? ''];
  return JSON.stringify([ref(e.regarding), ref(e.related), e.type, e.reason, e.action, e.note]);
}
