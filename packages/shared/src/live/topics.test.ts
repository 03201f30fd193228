import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  eventsTopic,
  installTopic,
  isFamilyTopic,
  objectTopic,
  ownedTopic,
  parseObjectTopic,
  parseResourcesTopic,
  resourcesTopic,
  timelineTopic,
  topicKey,
  topicSchema,
} from './topics';

test('fixed topics and <family>:<key> topics are accepted', () => {
  for (const t of [
    'cluster',
    'namespaces',
    'nodes',
    'kinds',
    'resources:cache.example.com/v1alpha1/memcacheds',
    'resources:cache.example.com/v1alpha1/memcacheds/demo',
    'timeline:3f2a-11',
    'events:uid-1',
    'owned:uid-1',
    'object:cache.example.com/v1alpha1/memcacheds/demo/memcached-sample',
    'object:cache.example.com/v1alpha1/clusterthings/thing.one',
    'install:op_7',
  ]) {
    assert.equal(topicSchema.safeParse(t).success, true, t);
  }
});

test('anything else is refused with a message that lists the topics', () => {
  for (const t of [
    '',
    'pods',
    'resources:',
    'resources: x',
    'resources:memcacheds.cache.example.com',
    'resources:Cache.example.com/v1/memcacheds',
    'resources:cache.example.com/1v/memcacheds',
    'resources:a.b/v1/p/ns/extra',
    'timeline:../../etc',
    'owned:',
    'object:cache.example.com/v1alpha1/memcacheds',
    'object:cache.example.com/v1alpha1/memcacheds/demo/Upper',
    'object:cache.example.com/v1alpha1/memcacheds/demo/x/extra',
    'object:cache.example.com/v1alpha1/memcacheds/../x',
    'Cluster',
  ]) {
    const r = topicSchema.safeParse(t);
    assert.equal(r.success, false, t);
    assert.match(
      r.error?.issues[0]?.message ?? '',
      /use cluster, namespaces, nodes, kinds, resources:<group>\/<version>\/<plural>/,
    );
  }
});

test('a resources topic names its kind and optionally a namespace', () => {
  assert.deepEqual(parseResourcesTopic('resources:cache.example.com/v1alpha1/memcacheds/demo'), {
    group: 'cache.example.com',
    version: 'v1alpha1',
    plural: 'memcacheds',
    namespace: 'demo',
  });
  assert.deepEqual(parseResourcesTopic('resources:cache.example.com/v1alpha1/memcacheds'), {
    group: 'cache.example.com',
    version: 'v1alpha1',
    plural: 'memcacheds',
    namespace: undefined,
  });
  assert.equal(
    resourcesTopic({ group: 'g.io', version: 'v1', plural: 'ps', namespace: 'n' }),
    'resources:g.io/v1/ps/n',
  );
});

test('each family has a builder, and topicKey reads the key back', () => {
  assert.deepEqual(
    [timelineTopic('u1'), eventsTopic('u1'), ownedTopic('u1'), installTopic('op-7')],
    ['timeline:u1', 'events:u1', 'owned:u1', 'install:op-7'],
  );
  assert.equal(topicKey('owned', ownedTopic('u1')), 'u1');
  assert.equal(topicKey('events', ownedTopic('u1')), undefined);
  assert.deepEqual(
    [isFamilyTopic('owned', 'owned:u1'), isFamilyTopic('owned', 'ownedx:u1'), isFamilyTopic('owned', 'cluster')],
    [true, false, false],
  );
  for (const t of [timelineTopic('u1'), eventsTopic('u1'), ownedTopic('u1'), installTopic('op-7')])
    assert.equal(topicSchema.safeParse(t).success, true, t);
});

test('an object topic names its kind, its namespace when it has one, and its name', () => {
  const namespaced = { group: 'cache.example.com', version: 'v1alpha1', plural: 'memcacheds', namespace: 'demo' };
  assert.equal(
    objectTopic({ ...namespaced, name: 'memcached-sample' }),
    'object:cache.example.com/v1alpha1/memcacheds/demo/memcached-sample',
  );
  assert.deepEqual(parseObjectTopic(objectTopic({ ...namespaced, name: 'memcached-sample' })), {
    ...namespaced,
    name: 'memcached-sample',
  });
  const cluster = { group: 'g.io', version: 'v1', plural: 'things', name: 'a.b' };
  assert.equal(objectTopic(cluster), 'object:g.io/v1/things/a.b');
  assert.deepEqual(parseObjectTopic('object:g.io/v1/things/a.b'), { ...cluster, namespace: undefined });
  assert.equal(parseObjectTopic('resources:g.io/v1/things'), undefined);
});
