/// <reference types="node" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PlanCondition } from './conditions';
import { graphStatus } from './cr-status';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const now = new Date('2026-11-24T12:00:00Z');
const later = new Date('2026-11-24T13:00:00Z');
const planConditions: PlanCondition[] = [
  { type: 'Ready', status: 'True', reason: 'AllResourcesReady', message: 'all 3 resources ready' },
  { type: 'Degraded', status: 'False', reason: 'NoErrors', message: 'every expression of the design evaluated' },
];

test('graphStatus: conditions with generation, nested fields', () => {
  const s = graphStatus({
    before: [],
    plan: { conditions: planConditions, status: { url: 'http://x', 'a.b': 1 } },
    generation: 4,
    now,
  });
  assert.deepEqual(s.fields, { url: 'http://x', a: { b: 1 } });
  assert.deepEqual(
    s.conditions.map((c) => [c.type, c.status, c.observedGeneration, c.lastTransitionTime]),
    [
      ['Ready', 'True', 4, '2026-11-24T12:00:00Z'],
      ['Degraded', 'False', 4, '2026-11-24T12:00:00Z'],
    ],
  );
  const again = graphStatus({
    before: s.conditions,
    plan: { conditions: planConditions, status: {} },
    generation: 4,
    now: later,
  });
  assert.equal(again.conditions, s.conditions, 'nothing changed: the same array, no new lastTransitionTime');
});

test('graphStatus: a child owned by another controller makes Degraded=True AlreadyOwned', () => {
  const conflict = {
    reason: 'AlreadyOwned' as const,
    kind: 'Deployment',
    name: 'd',
    namespace: 'web',
    controller: { apiVersion: 'x/v1', kind: 'Other', name: 'o', uid: 'u2', controller: true },
    message: 'Deployment web/d is controlled by Other o (uid u2); left untouched',
  };
  const s = graphStatus({ before: [], plan: { conditions: planConditions, status: {} }, conflicts: [conflict], now });
  const degraded = s.conditions.find((c) => c.type === 'Degraded');
  assert.equal(degraded?.status, 'True');
  assert.equal(degraded?.reason, 'AlreadyOwned');
  assert.equal(degraded?.message, conflict.message);
  const failed = graphStatus({ before: [], plan: { conditions: planConditions, status: {} }, applyError: 'boom', now });
  assert.equal(failed.conditions.find((c) => c.type === 'Degraded')?.reason, 'ApplyFailed');
});
