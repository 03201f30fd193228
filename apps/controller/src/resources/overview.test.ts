import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kindHealth, rowHealth } from './overview';

const row = (conditions: { type: string; status: string }[], deleting = false) => ({
  deletionTimestamp: deleting ? '2024-01-01T00:00:00Z' : null,
  conditions: conditions.map((c) => ({ ...c, reason: null, message: null, lastTransitionTime: null })),
});

test('an object is healthy when Ready (or, without Ready, Available) is True', () => {
  const cases: [ReturnType<typeof row>, string][] = [
    [row([{ type: 'Ready', status: 'True' }]), 'healthy'],
    [row([{ type: 'Available', status: 'True' }]), 'healthy'],
    [
      row([
        { type: 'Ready', status: 'False' },
        { type: 'Available', status: 'True' },
      ]),
      'unhealthy',
    ],
    [row([{ type: 'Available', status: 'Unknown' }]), 'unhealthy'],
    [row([{ type: 'Progressing', status: 'True' }]), 'unknown'],
    [row([]), 'unknown'],
    [row([{ type: 'Ready', status: 'True' }], true), 'unhealthy'],
  ];
  for (const [r, want] of cases) assert.equal(rowHealth(r), want, JSON.stringify(r));
});

test('a kind counts its objects by health', () => {
  assert.deepEqual(
    kindHealth([row([{ type: 'Ready', status: 'True' }]), row([{ type: 'Ready', status: 'False' }]), row([])]),
    { total: 3, healthy: 1, unhealthy: 1, unknown: 1 },
  );
  assert.deepEqual(kindHealth([]), { total: 0, healthy: 0, unhealthy: 0, unknown: 0 });
});
