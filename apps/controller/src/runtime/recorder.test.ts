import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EventsV1Event } from '@kubernetes/client-node';
import { FakeClock } from './clock';
import type { EventInput, EventSink } from './recorder';
import { EventNotFoundError, EventRecorder } from './recorder';

/** An in-memory API: Events by namespace/name, as the server would hold them. */
class MemorySink implements EventSink {
  readonly events = new Map<string, EventsV1Event>();
  failCreates = 0;
  async create(event: EventsV1Event): Promise<void> {
    await Promise.resolve();
    if (this.failCreates > 0) {
      this.failCreates--;
      throw new Error('connection refused');
    }
    this.events.set(`${event.metadata?.namespace}/${event.metadata?.name}`, structuredClone(event));
  }
  async patchSeries(
    namespace: string,
    name: string,
    series: { count: number; lastObservedTime: string },
  ): Promise<void> {
    await Promise.resolve();
    const ev = this.events.get(`${namespace}/${name}`);
    if (ev === undefined) throw new EventNotFoundError('gone');
    ev.series = series as unknown as EventsV1Event['series'];
  }
}

const scaled: EventInput = {
  regarding: {
    apiVersion: 'cache.example.com/v1alpha1',
    kind: 'Memcached',
    name: 'sample',
    namespace: 'default',
    uid: 'u1',
  },
  type: 'Normal',
  reason: 'Scaled',
  action: 'Scale',
  note: 'Scaled Deployment sample to 3 replicas',
};

function setup() {
  const clock = new FakeClock(Date.UTC(2026, 10, 22, 13, 0, 0));
  const sink = new MemorySink();
  const rec = new EventRecorder({ sink, clock, reportingInstance: 'host-1' });
  return { clock, sink, rec };
}

test('the first event is created with the events.k8s.io/v1 fields', async () => {
  const { sink, rec } = setup();
  await rec.record(scaled);
  const [ev] = [...sink.events.values()];
  assert.equal(sink.events.size, 1);
  assert.equal(ev?.metadata?.namespace, 'default');
  assert.match(ev?.metadata?.name ?? '', /^sample\.[0-9a-f]+$/);
  assert.equal(ev?.eventTime, '2026-11-22T13:00:00.000000Z');
  assert.equal(ev?.reportingController, 'operator-studio');
  assert.equal(ev?.reportingInstance, 'host-1');
  assert.deepEqual([ev?.type, ev?.reason, ev?.action, ev?.note], ['Normal', 'Scaled', 'Scale', scaled.note]);
  assert.equal(ev?.series, undefined);
});

test('repeats within the window patch one Event series with the latest count and time', async () => {
  const { clock, sink, rec } = setup();
  await rec.record(scaled);
  clock.advance(1000);
  await rec.record(scaled);
  clock.advance(1000);
  const third = rec.record(scaled);
  const fourth = rec.record(scaled); // coalesced with the third's patch
  await Promise.all([third, fourth]);
  assert.equal(sink.events.size, 1);
  assert.deepEqual([...sink.events.values()][0]?.series, { count: 4, lastObservedTime: '2026-11-22T13:00:02.000000Z' });
});

test('a different note, reason or object is a different Event', async () => {
  const { sink, rec } = setup();
  await rec.record(scaled);
  await rec.record({ ...scaled, note: 'Scaled Deployment sample to 5 replicas' });
  await rec.record({ ...scaled, type: 'Warning', reason: 'ReconcileFailed' });
  await rec.record({ ...scaled, regarding: { ...scaled.regarding, name: 'other', uid: 'u2' } });
  assert.equal(sink.events.size, 4);
});

test('a repeat after the window is quiet starts a new Event', async () => {
  const { clock, sink, rec } = setup();
  await rec.record(scaled);
  clock.advance(6 * 60_000 + 1);
  await rec.record(scaled);
  assert.equal(sink.events.size, 2);
  assert.ok([...sink.events.values()].every((e) => e.series === undefined));
});

test('a failed create is logged, not thrown, and the next repeat creates again', async () => {
  const { sink, rec } = setup();
  sink.failCreates = 1;
  await rec.record(scaled);
  assert.equal(sink.events.size, 0);
  await rec.record(scaled);
  assert.equal(sink.events.size, 1);
});

test('a series whose Event was deleted starts over with a new Event', async () => {
  const { sink, rec } = setup();
  await rec.record(scaled);
  sink.events.clear();
  await rec.record(scaled);
  assert.equal(sink.events.size, 1);
  assert.equal([...sink.events.values()][0]?.series, undefined);
});

test('a note over 1 kB is cut to 1 kB', async () => {
  const { sink, rec } = setup();
  await rec.record({ ...scaled, note: 'é'.repeat(2000) });
  const note = [...sink.events.values()][0]?.note ?? '';
  assert.ok(new TextEncoder().encode(note).length <= 1024);
  assert.ok(note.endsWith('…'));
});
