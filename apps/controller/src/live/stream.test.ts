import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LiveBus } from './bus';
import type { LiveEvent, NamespaceSummary } from './events';
import { SnapshotRegistry } from './snapshots';
import { liveStream, UnknownTopicError } from './stream';

const ns = (name: string): NamespaceSummary => ({ uid: `uid-${name}`, name, phase: 'Active', createdAt: null });

function setup(capacity = 100) {
  const bus = new LiveBus(capacity, 'boot1');
  const names: string[] = ['default'];
  const snapshots = new SnapshotRegistry();
  snapshots.register('namespaces', () => [{ topic: 'namespaces', type: 'snapshot', items: names.map(ns) }]);
  const add = (name: string) => {
    names.push(name);
    bus.publish({ topic: 'namespaces', type: 'upsert', item: ns(name) });
  };
  return { bus, snapshots, add };
}

/** Pull `n` events from the stream, then stop it the way tRPC does when the client goes away. */
async function take(gen: AsyncGenerator<[string, LiveEvent, symbol]>, n: number) {
  const out: { id: string; event: LiveEvent }[] = [];
  while (out.length < n) {
    const r = await gen.next();
    if (r.done === true) break;
    out.push({ id: r.value[0], event: r.value[1] });
  }
  await gen.return(undefined);
  return out;
}

const label = (e: LiveEvent) =>
  e.type === 'snapshot'
    ? `snapshot:${'items' in e ? e.items.map((i) => i.name).join(',') : ''}`
    : `${e.type}:${'item' in e ? e.item.name : ''}`;

test('a change published while the snapshot is being sent is neither lost nor doubled', async () => {
  const { bus, snapshots, add } = setup();
  add('a');
  const gen = liveStream({ bus, snapshots }, { topics: ['namespaces'] });
  const first = gen.next(); // subscribes and reads the snapshot, then awaits
  add('b'); // published after the snapshot was read
  const head = (await first).value as [string, LiveEvent, symbol];
  const rest = await take(gen, 1);
  assert.deepEqual([label(head[1]), ...rest.map((e) => label(e.event))], ['snapshot:default,a', 'upsert:b']);
  assert.deepEqual([head[0], rest[0]?.id], ['boot1-1', 'boot1-2']);
});

test('live changes after the snapshot arrive with increasing ids', async () => {
  const { bus, snapshots, add } = setup();
  const gen = liveStream({ bus, snapshots }, { topics: ['namespaces'] });
  const snap = (await gen.next()).value as [string, LiveEvent, symbol];
  assert.equal(snap[0], 'boot1-0');
  setTimeout(() => {
    add('x');
    add('y');
  }, 5);
  const live = await take(gen, 2);
  assert.deepEqual(
    live.map((e) => [e.id, label(e.event)]),
    [
      ['boot1-1', 'upsert:x'],
      ['boot1-2', 'upsert:y'],
    ],
  );
});

test('reconnecting with the last id replays exactly what was missed', async () => {
  const { bus, snapshots, add } = setup();
  add('a'); // seq 1
  add('b'); // seq 2
  add('c'); // seq 3
  const gen = liveStream({ bus, snapshots }, { topics: ['namespaces'], lastEventId: 'boot1-1' });
  const got = await take(gen, 2);
  assert.deepEqual(
    got.map((e) => [e.id, label(e.event)]),
    [
      ['boot1-2', 'upsert:b'],
      ['boot1-3', 'upsert:c'],
    ],
  );
});

test('an id from an earlier server boot gets a fresh snapshot', async () => {
  const { bus, snapshots, add } = setup();
  add('a');
  const got = await take(liveStream({ bus, snapshots }, { topics: ['namespaces'], lastEventId: 'boot0-1' }), 1);
  assert.deepEqual(
    got.map((e) => label(e.event)),
    ['snapshot:default,a'],
  );
});

test('an id older than the ring holds gets a fresh snapshot', async () => {
  const { bus, snapshots, add } = setup(2);
  for (const n of ['a', 'b', 'c', 'd']) add(n);
  const got = await take(liveStream({ bus, snapshots }, { topics: ['namespaces'], lastEventId: 'boot1-1' }), 1);
  assert.deepEqual(
    got.map((e) => label(e.event)),
    ['snapshot:default,a,b,c,d'],
  );
});

test('a topic nobody serves is refused', async () => {
  const { bus, snapshots } = setup();
  await assert.rejects(liveStream({ bus, snapshots }, { topics: ['timeline:abc'] }).next(), UnknownTopicError);
});

test('stopping the stream unsubscribes from the bus', async () => {
  const { bus, snapshots } = setup();
  const controller = new AbortController();
  const gen = liveStream({ bus, snapshots }, { topics: ['namespaces'] }, controller.signal);
  await gen.next();
  assert.equal(bus.subscriberCount, 1);
  const pending = gen.next();
  controller.abort();
  assert.equal((await pending).done, true);
  assert.equal(bus.subscriberCount, 0);
});
