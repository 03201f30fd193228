import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS, SSE_PING_MS } from '../trpc';
import { liveInput } from './live';

test('a subscription asks for 1 to 32 topics', () => {
  assert.equal(liveInput.safeParse({ topics: [] }).success, false);
  assert.equal(liveInput.safeParse({ topics: ['cluster'], lastEventId: 'abc-1' }).success, true);
  assert.equal(liveInput.safeParse({ topics: Array.from({ length: 33 }, () => 'cluster') }).success, false);
});

test('SSE keep-alives beat a proxy that drops streams idle for 30 s', () => {
  assert.ok(SSE_PING_MS < 30_000);
  assert.ok(
    SSE_PING_MS < SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS && SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS < 30_000,
  );
});
