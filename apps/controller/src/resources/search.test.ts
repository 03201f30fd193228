import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesObject } from '@kubernetes/client-node';
import { searchCachedResources } from './search';
import type { ListReader } from './service';
import type { ResourceKind } from './types';

const kind = (kindName: string, plural: string, group: string): ResourceKind =>
  ({ name: `${plural}.${group}`, kind: kindName, plural, group, version: 'v1' }) as ResourceKind;
const obj = (namespace: string, name: string): KubernetesObject => ({ metadata: { namespace, name } });

const memcached = kind('Memcached', 'memcacheds', 'cache.example.com');
const webapp = kind('WebApp', 'webapps', 'apps.example.com');
const unwatched = kind('Backup', 'backups', 'ops.example.com');
const cached = new Map<string, KubernetesObject[]>([
  ['memcacheds', [obj('team-a', 'cache-main'), obj('team-b', 'my-cache'), obj('team-a', 'other')]],
  ['webapps', [obj('team-b', 'cache'), obj('team-a', 'shop')]],
]);
const source = { kinds: [memcached, webapp, unwatched], peek: (s: { resource: string }) => cached.get(s.resource) };
const names = (r: { hits: { name: string; namespace: string | null }[] }) =>
  r.hits.map((h) => `${h.namespace}/${h.name}`);

test('matches by name across cached kinds, best first, and names the kinds it could not search', async () => {
  const result = await searchCachedResources(source, { text: 'cache', limit: 20 });
  assert.deepEqual(names(result), ['team-b/cache', 'team-a/cache-main', 'team-b/my-cache']);
  assert.equal(result.hits[0]?.crdName, 'webapps.apps.example.com');
  assert.deepEqual(result.notLoaded, ['backups.ops.example.com']);
});

test('capped at the limit; no match is an empty list', async () => {
  assert.equal((await searchCachedResources(source, { text: 'cache', limit: 2 })).hits.length, 2);
  assert.deepEqual((await searchCachedResources(source, { text: 'zzz', limit: 20 })).hits, []);
});

test('only the namespaces the reader may list, asked once per kind with matches', async () => {
  const asked: string[] = [];
  const teamA: ListReader = {
    readable: (q, items, namespaceOf) => {
      asked.push(q.resource);
      return Promise.resolve(items.filter((i) => namespaceOf(i) === 'team-a'));
    },
  };
  const result = await searchCachedResources(source, { text: 'cache', limit: 20 }, teamA);
  assert.deepEqual(names(result), ['team-a/cache-main']);
  assert.deepEqual(asked, ['memcacheds', 'webapps']);
});
