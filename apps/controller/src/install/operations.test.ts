import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toTRPCError } from '../api/errors';
import { LiveBus } from '../live/bus';
import type { LiveEvent } from '../live/events';
import { SnapshotRegistry } from '../live/snapshots';
import { liveStream } from '../live/stream';
import { InstallOperations } from './operations';

const stepsOf = (e: LiveEvent | undefined) =>
  e !== undefined && 'operation' in e ? e.operation.steps.map((s) => s.step) : [];

test('each step publishes the whole operation; a late subscriber gets the steps so far as a snapshot', async () => {
  const bus = new LiveBus(100, 'boot');
  const snapshots = new SnapshotRegistry();
  const ops = new InstallOperations(bus);
  ops.register(snapshots);
  const published: LiveEvent[] = [];
  bus.subscribe(({ event }) => published.push(event));
  const op = ops.start('install', 'd1', 'mine-1');
  op.step('dry-run', 'ok');
  op.step('applied', 'ok');
  assert.deepEqual(
    published.map((e) => [e.topic, stepsOf(e).join(',')]),
    [
      ['install:mine-1', 'dry-run'],
      ['install:mine-1', 'dry-run,applied'],
    ],
  );
  const late = liveStream({ bus, snapshots }, { topics: ['install:mine-1'] });
  const first = await late.next();
  await late.return(undefined);
  assert.deepEqual(stepsOf((first.value as [string, LiveEvent])[1]), ['dry-run', 'applied']);
  op.fail(new Error('boom'));
  op.fail(new Error('twice'));
  assert.equal(ops.get('mine-1')?.state, 'failed');
  assert.deepEqual(ops.get('mine-1')?.steps.at(-1), {
    ...ops.get('mine-1')!.steps.at(-1)!,
    step: 'failed',
    message: 'boom',
  });
  assert.equal(ops.get('mine-1')?.steps.length, 3, 'a finished operation takes no more steps from fail()');
});

test('operation ids are checked and never reused', () => {
  const ops = new InstallOperations(new LiveBus(10, 'b'));
  ops.start('install', 'd1', 'once');
  assert.throws(
    () => ops.start('install', 'd1', 'once'),
    (e: unknown) => toTRPCError(e).code === 'CONFLICT',
  );
  assert.throws(
    () => ops.start('install', 'd1', '../x'),
    (e: unknown) => toTRPCError(e).code === 'BAD_REQUEST',
  );
  assert.match(ops.start('uninstall', 'd1').id, /^op-[0-9a-f-]{36}$/);
});
