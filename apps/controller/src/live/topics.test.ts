import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveInput } from '../api/routers/live';
import { SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS, SSE_PING_MS } from '../api/trpc';
import { topicSchema } from './topics';

test('fixed topics and <family>:<key> topics are accepted', () => {
  for (const t of ['cluster', 'namespaces', 'nodes', 'resources:memcacheds.cache.example.com', 'timeline:3f2a-11', 'events:uid-1', 'install:op_7']) {
    assert.equal(topicSchema.safeParse(t).success, true, t);
  }
});

test('anything else is refused with a message that lists the topics', () => {
  for (const t of ['', 'pods', 'resources:', 'resources: x', 'timeline:../../etc', 'Cluster']) {
    const r = topicSchema.safeParse(t);
    assert.equal(r.success, false, t);
    assert.match(r.error?.issues[0]?.message ?? '', /use cluster, namespaces, nodes/);
  }
});

test('a subscription asks for 1 to 32 topics', () => {
  assert.equal(liveInput.safeParse({ topics: [] }).success, false);
  assert.equal(liveInput.safeParse({ topics: ['cluster'], lastEventId: 'abc-1' }).success, true);
  assert.equal(liveInput.safeParse({ topics: Array.from({ length: 33 }, () => 'cluster') }).success, false);
});

test('SSE keep-alives beat a proxy that drops streams idle for 30 s', () => {
  assert.ok(SSE_PING_MS < 30_000);
  assert.ok(SSE_PING_MS < SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS && SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS < 30_000);
});
