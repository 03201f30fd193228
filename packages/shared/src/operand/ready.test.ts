/// <reference types="node" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mirrorReady } from './ready';
import type { Condition } from './types';

const now = new Date('2026-11-24T12:00:00Z');
const available: Condition = {
  type: 'Available',
  status: 'False',
  observedGeneration: 2,
  lastTransitionTime: '2026-11-24T11:00:00Z',
  reason: 'Resizing',
  message: 'Waiting for 1/3 replicas of Deployment m to be ready',
};

test('mirrorReady: Ready follows Available; nothing without Available', () => {
  assert.deepEqual(mirrorReady([], now), []);
  const c = mirrorReady([available], now);
  assert.deepEqual(c[1], { ...available, type: 'Ready', lastTransitionTime: '2026-11-24T12:00:00Z' });
  assert.equal(mirrorReady(c, now), c, 'already mirrored: the same array');
});
