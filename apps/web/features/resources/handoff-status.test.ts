import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handOffStatus, timelineHandOffNote } from './handoff-status';

const pause = { pausedBy: 'alice', pausedAt: '2026-11-25T05:00:00.000Z' };
const exported = { side: 'exported', identity: 'laptop_1234' } as const;

test('paused and taken over by the exported operator: the timeline says both', () => {
  const a = { pause, holder: exported, refusal: null };
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
  const a = { pause: null, holder: { side: 'studio', identity: 'operator-studio:h_1' }, refusal: null } as const;
  assert.equal(handOffStatus(a).text, 'Reconciled by the embedded controller');
  assert.equal(handOffStatus(a).paused, false);
  assert.equal(timelineHandOffNote(a), null);
});

test('not paused, the exported operator holds the kind (it started first)', () => {
  const a = { pause: null, holder: exported, refusal: null };
  assert.equal(
    handOffStatus(a).text,
    'Reconciled by the exported operator laptop_1234; the embedded controller waits until it stops',
  );
  assert.equal(timelineHandOffNote(a), 'reconciled by the exported operator laptop_1234: no runs are recorded here');
});

test('paused with nobody reconciling', () => {
  assert.equal(
    handOffStatus({ pause, holder: { side: 'none' }, refusal: null }).text,
    'Embedded controller paused by alice: no controller reconciles this kind now',
  );
});

test('the API server refuses the studio its Lease: the kind page says what and how to mend it, the timeline why it is empty', () => {
  const refusal =
    'HTTP 403: the studio may not update its Lease in namespace "default" (leader election): bind a Role …';
  const a = { pause: null, holder: { side: 'none' }, refusal } as const;
  assert.deepEqual(handOffStatus(a), {
    tone: 'wait',
    paused: false,
    text: `The embedded controller cannot take its Lease: ${refusal}`,
  });
  assert.equal(
    timelineHandOffNote(a),
    'the embedded controller cannot take its Lease (see the kind page): no runs are recorded here',
  );
  // once another replica of the studio holds the kind, it is reconciled whatever this one was refused
  assert.equal(handOffStatus({ ...a, holder: { side: 'studio', identity: 'operator-studio:h_2' } }).tone, 'ok');
  assert.equal(
    handOffStatus({ ...a, refusal: null }).text,
    'The embedded controller is starting (no controller holds this kind)',
  );
});
