import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handOffStatus, timelineHandOffNote } from './handoff-status';

const pause = { pausedBy: 'alice', pausedAt: '2026-11-25T05:00:00.000Z' };
const exported = { side: 'exported', identity: 'laptop_1234' } as const;

test('paused and taken over by the exported operator: the timeline says both', () => {
  const a = { pause, holder: exported };
  assert.deepEqual(handOffStatus(a), {
    tone: 'wait',
    paused: true,
    text: 'Embedded controller paused by alice: reconciled by the exported operator laptop_1234',
  });
  assert.equal(
    timelineHandOffNote(a),
    'paused: reconciled by the exported operator laptop_1234; no runs are recorded here',
  );
});

test('the embedded controller holds the kind: no timeline note, Pause offered', () => {
  const a = { pause: null, holder: { side: 'studio', identity: 'operator-studio:h_1' } } as const;
  assert.equal(handOffStatus(a).text, 'Reconciled by the embedded controller');
  assert.equal(handOffStatus(a).paused, false);
  assert.equal(timelineHandOffNote(a), null);
});

test('not paused, the exported operator holds the kind (it started first)', () => {
  const a = { pause: null, holder: exported };
  assert.equal(
    handOffStatus(a).text,
    'Reconciled by the exported operator laptop_1234; the embedded controller waits until it stops',
  );
  assert.equal(timelineHandOffNote(a), 'reconciled by the exported operator laptop_1234: no runs are recorded here');
});

test('paused with nobody reconciling', () => {
  assert.equal(
    handOffStatus({ pause, holder: { side: 'none' } }).text,
    'Embedded controller paused by alice: no controller reconciles this kind now',
  );
});
