import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Condition } from './types';
import { findCondition, markDegraded, removeCondition, setStatusCondition, type ConditionStatus } from './conditions';

/** Sets `type` with apimachinery's rules (the setter every status write goes through). */
const set =
  (type: string, status: ConditionStatus, reason: string, message: string, observedGeneration: number, now: Date) =>
  (c: readonly Condition[]) =>
    setStatusCondition(c, { type, status, reason, message, observedGeneration }, now);

const t0 = new Date('2026-11-22T12:00:00.123Z');
const t1 = new Date('2026-11-22T12:05:00.999Z');

const available: Condition = {
  type: 'Available',
  status: 'True',
  observedGeneration: 1,
  lastTransitionTime: '2026-11-22T12:00:00Z',
  reason: 'Reconciling',
  message: 'ok',
};

interface Case {
  name: string;
  before: readonly Condition[];
  apply: (c: readonly Condition[]) => readonly Condition[];
  after: readonly Condition[];
  changed: boolean;
}

const cases: Case[] = [
  {
    name: 'a new type is appended with the time of now, in whole seconds',
    before: [],
    apply: set('Available', 'True', 'Reconciling', 'ok', 1, t0),
    after: [available],
    changed: true,
  },
  {
    name: 'the same status, reason, message and generation change nothing (same array)',
    before: [available],
    apply: set('Available', 'True', 'Reconciling', 'ok', 1, t1),
    after: [available],
    changed: false,
  },
  {
    name: 'a new message or generation keeps lastTransitionTime',
    before: [available],
    apply: set('Available', 'True', 'Reconciling', 'scaled to 5', 2, t1),
    after: [{ ...available, observedGeneration: 2, message: 'scaled to 5' }],
    changed: true,
  },
  {
    name: 'a status change moves lastTransitionTime',
    before: [available],
    apply: set('Available', 'False', 'Resizing', 'waiting for 5 replicas', 2, t1),
    after: [
      {
        type: 'Available',
        status: 'False',
        observedGeneration: 2,
        lastTransitionTime: '2026-11-22T12:05:00Z',
        reason: 'Resizing',
        message: 'waiting for 5 replicas',
      },
    ],
    changed: true,
  },
  {
    name: 'Unknown at the start of reconciliation',
    before: [],
    apply: set('Available', 'Unknown', 'Reconciling', 'Starting reconciliation', 1, t0),
    after: [
      {
        type: 'Available',
        status: 'Unknown',
        observedGeneration: 1,
        lastTransitionTime: '2026-11-22T12:00:00Z',
        reason: 'Reconciling',
        message: 'Starting reconciliation',
      },
    ],
    changed: true,
  },
  {
    name: 'Degraded goes after Available and leaves it as it was',
    before: [available],
    apply: (c) => markDegraded(c, 'InvalidSpec', 'spec.size must be an integer', 1, t1),
    after: [
      available,
      {
        type: 'Degraded',
        status: 'True',
        observedGeneration: 1,
        lastTransitionTime: '2026-11-22T12:05:00Z',
        reason: 'InvalidSpec',
        message: 'spec.size must be an integer',
      },
    ],
    changed: true,
  },
  {
    name: 'Degraded Unknown while finalizing, as the scaffold does',
    before: [],
    apply: (c) => markDegraded(c, 'Finalizing', 'Performing finalizer operations', 3, t0, 'Unknown'),
    after: [
      {
        type: 'Degraded',
        status: 'Unknown',
        observedGeneration: 3,
        lastTransitionTime: '2026-11-22T12:00:00Z',
        reason: 'Finalizing',
        message: 'Performing finalizer operations',
      },
    ],
    changed: true,
  },
  {
    name: 'a Degraded condition cleared in place keeps its position',
    before: [
      {
        type: 'Degraded',
        status: 'True',
        lastTransitionTime: '2026-11-22T12:00:00Z',
        reason: 'InvalidSpec',
        message: 'x',
      },
      available,
    ],
    apply: set('Degraded', 'False', 'Reconciling', 'converged', 1, t1),
    after: [
      {
        type: 'Degraded',
        status: 'False',
        observedGeneration: 1,
        lastTransitionTime: '2026-11-22T12:05:00Z',
        reason: 'Reconciling',
        message: 'converged',
      },
      available,
    ],
    changed: true,
  },
  {
    name: 'removing an absent type changes nothing',
    before: [available],
    apply: (c) => removeCondition(c, 'Degraded'),
    after: [available],
    changed: false,
  },
];

for (const c of cases) {
  test(c.name, () => {
    const before = structuredClone(c.before);
    const result = c.apply(c.before);
    assert.deepEqual(result, c.after);
    assert.equal(
      result !== c.before,
      c.changed,
      c.changed ? 'a change returns a new array' : 'no change returns the same array',
    );
    assert.deepEqual(c.before, before, 'the input is not mutated');
  });
}

test('an invalid reason is refused with a hint', () => {
  assert.throws(
    () => setStatusCondition([], { type: 'Available', status: 'True', reason: 'not ok!', message: '' }),
    /use a CamelCase word/,
  );
});

test('findCondition finds by type', () => {
  assert.equal(findCondition([available], 'Available'), available);
  assert.equal(findCondition(undefined, 'Available'), undefined);
});
