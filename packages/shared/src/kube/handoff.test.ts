import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handOffHolder } from './handoff';

const now = Date.parse('2026-11-25T05:00:00.000Z');
const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();

test('a renewed Lease is held by the studio or the exported operator, by its identity prefix', () => {
  const studio = { holderIdentity: 'operator-studio:host_1', renewTime: at(3), leaseDurationSeconds: 15 };
  assert.deepEqual(handOffHolder(studio, now), { side: 'studio', identity: 'operator-studio:host_1' });
  const go = { holderIdentity: 'laptop_2', renewTime: at(3), leaseDurationSeconds: 15 };
  assert.deepEqual(handOffHolder(go, now), { side: 'exported', identity: 'laptop_2' });
});

test('a released, expired or missing Lease is held by nobody', () => {
  assert.deepEqual(handOffHolder(undefined, now), { side: 'none' });
  assert.deepEqual(handOffHolder({ holderIdentity: '', renewTime: at(0), leaseDurationSeconds: 1 }, now), {
    side: 'none',
  });
  assert.deepEqual(handOffHolder({ holderIdentity: 'laptop_2', renewTime: at(16), leaseDurationSeconds: 15 }, now), {
    side: 'none',
  });
});
