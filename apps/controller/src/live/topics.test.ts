import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveInput } from '../api/routers/live';
import { SSE_CLIENT_RECONNECT_AFTER_INACTIVITY_MS, SSE_PING_MS } from '../api/trpc';
import { parseResourcesTopic, resourcesTopic, topicSchema } from './topics';

test('fixed topics and <family>:<key> topics are accepted', () => {
  for (const t of ['cluster', 'namespaces', 'nodes', 'kinds', 'resources:cache.example.com/v1alpha1/memcacheds', 'resources:cache.example.com/v1alpha1/memcacheds/demo', 'timeline:3f2a-11', 'events:uid-1', 'owned:uid-1', 'install:op_7']) {
    assert.equal(topicSchema.safeParse(t).success, true, t);
  }
});

test('anything else is refused with a message that lists the topics', () => {
  for (const t of ['', 'pods', 'resources:', 'resources: x', 'resources:memcacheds.cache.example.com', 'resources:Cache.example.com/v1/memcacheds', 'resources:cache.example.com/1v/memcacheds', 'resources:a.b/v1/p/ns/extra', 'timeline:../../etc', 'owned:', 'Cluster']) {
    const r = topicSchema.safeParse(t);
    assert.equal(r.success, false, t);
    assert.match(r.error?.issues[0]?.message ?? '', /use cluster, namespaces, nodes, kinds, resources:<group>\/<version>\/<plural>/);
  }
});

test('a resources topic names its kind and optionally a namespace', () => {
  assert.deepEqual(parseResourcesTopic('resources:cache.example.com/v1alpha1/memcacheds/demo'), { group: 'cache.example.com', version: 'v1alpha1', plural: 'memcacheds', namespace: 'demo' });
  assert.deepEqual(parseResourcesTopic('resources:cache.example.com/v1alpha1/memcacheds'), { group: 'cache.example.com', version: 'v1alpha1', plural: 'memcacheds', namespace: undefined });
  assert.equal(resourcesTopic({ group: 'g.io', version: 'v1', plural: 'ps', namespace: 'n' }), 'resources:g.io/v1/ps/n');
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
