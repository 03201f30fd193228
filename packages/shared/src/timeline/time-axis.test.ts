import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tickStep, timeAxisLayout } from './time-axis';

test('each run is a bar from its start to its end as a fraction of the shared axis', () => {
  const layout = timeAxisLayout([
    { id: 2, startMs: 1500, durationMs: 500 },
    { id: 1, startMs: 1000, durationMs: 100 },
  ]);
  assert.equal(layout.startMs, 1000);
  assert.equal(layout.endMs, 2000);
  assert.deepEqual(layout.bars, [
    { id: 2, lane: 0, left: 0.5, width: 0.5 },
    { id: 1, lane: 0, left: 0, width: 0.1 },
  ]);
  assert.equal(layout.lanes, 1);
});

test('overlapping runs take separate lanes; a lane is reused once its run ended', () => {
  const layout = timeAxisLayout([
    { id: 1, startMs: 0, durationMs: 100 },
    { id: 2, startMs: 50, durationMs: 100 },
    { id: 3, startMs: 100, durationMs: 10 },
    { id: 4, startMs: 60, durationMs: 10 },
  ]);
  assert.deepEqual(
    layout.bars.map((b) => [b.id, b.lane]),
    [
      [1, 0],
      [2, 1],
      [3, 0],
      [4, 2],
    ],
  );
  assert.equal(layout.lanes, 3);
});

test('one bar per run, even for runs of 0 ms or a single run', () => {
  const layout = timeAxisLayout([{ id: 7, startMs: 5000, durationMs: 0 }]);
  assert.equal(layout.bars.length, 1);
  assert.equal(layout.endMs, 5001);
  assert.deepEqual(timeAxisLayout([]).bars, []);
});

test('ticks are round times inside the axis, at most the number asked for', () => {
  const layout = timeAxisLayout([{ id: 1, startMs: 10_250, durationMs: 9_000 }], { maxTicks: 6 });
  assert.deepEqual(
    layout.ticks.map((t) => t.atMs),
    [12_000, 14_000, 16_000, 18_000],
  );
  assert.ok(layout.ticks.every((t) => t.left >= 0 && t.left <= 1));
  assert.equal(tickStep(900_000, 6), 300_000);
});

test('a minimum width makes short runs visible, and lanes keep such bars from covering each other', () => {
  const runs = [
    { id: 1, startMs: 0, durationMs: 1 },
    { id: 2, startMs: 5, durationMs: 1 },
    { id: 3, startMs: 50, durationMs: 50 },
  ];
  assert.deepEqual(
    timeAxisLayout(runs).bars.map((b) => b.lane),
    [0, 0, 0],
  );
  const layout = timeAxisLayout(runs, { minWidth: 0.1 }); // 10 ms on this 100 ms axis
  assert.deepEqual(
    layout.bars.map((b) => [b.id, b.lane, b.width]),
    [
      [1, 0, 0.1],
      [2, 1, 0.1],
      [3, 0, 0.5],
    ],
  );
});
