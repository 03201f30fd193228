// The candidate's wait between attempts: the jittered retry period, cut short at the moment the
// holder's Lease expires (a crashed leader's successor attempts then, not up to 4.4 s later).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { candidateWait } from './leader-election';

test('a candidate waits the jittered retry period while the Lease is far from expiry or not held', () => {
  assert.equal(candidateWait(2000, undefined, 0), 2000);
  assert.equal(candidateWait(2000, undefined, 1), 4400);
  assert.equal(candidateWait(2000, 14_000, 0.5), 3200);
});

test('a candidate attempts just after the Lease expires when that comes before its next retry', () => {
  assert.equal(candidateWait(2000, 1000, 1), 1005);
  assert.equal(candidateWait(2000, 3000, 1), 3005);
});

test('an expiry already past does not shorten the wait (the attempt at expiry failed: back off as usual)', () => {
  assert.equal(candidateWait(2000, 0, 0.5), 3200);
  assert.equal(candidateWait(2000, -500, 0), 2000);
});
