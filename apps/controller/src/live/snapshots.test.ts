import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LiveBus } from './bus';
import { SnapshotRegistry } from './snapshots';
import { liveStream } from './stream';

function registry() {
  const calls: string[] = [];
  const snapshots = new SnapshotRegistry();
  snapshots.register(
    (t) => t.startsWith('owned:'),
    (t) => [{ topic: t as `owned:${string}`, type: 'snapshot', workloads: [], pods: [], claims: [] }],
    { acquire: (t) => calls.push(`+${t}`), release: (t) => calls.push(`-${t}`) },
  );
  return { snapshots, calls };
}

test('a source hears the first subscriber of a topic and the last one leaving, not the ones between', () => {
  const { snapshots, calls } = registry();
  const a = snapshots.acquire(['owned:x', 'owned:x', 'owned:y']);
  const b = snapshots.acquire(['owned:x']);
  assert.deepEqual(calls, ['+owned:x', '+owned:y']);
  assert.equal(snapshots.subscribers('owned:x'), 2);
  a();
  a(); // releasing twice counts once
  assert.deepEqual(calls, ['+owned:x', '+owned:y', '-owned:y']);
  b();
  assert.deepEqual(calls, ['+owned:x', '+owned:y', '-owned:y', '-owned:x']);
  assert.equal(snapshots.subscribers('owned:x'), 0);
});

test('a live stream holds its topics while it runs and releases them when the client goes away', async () => {
  const { snapshots, calls } = registry();
  const bus = new LiveBus(10, 'boot1');
  const gen = liveStream({ bus, snapshots }, { topics: ['owned:x'] });
  const first = await gen.next();
  assert.equal(first.done, false);
  assert.deepEqual(calls, ['+owned:x']);
  await gen.return(undefined);
  assert.deepEqual(calls, ['+owned:x', '-owned:x']);
});
