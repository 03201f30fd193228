import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ResourceKind } from '../resources/types';
import { kindsTable, resourcesTable } from './get-table';
import { matchKind } from './kind-match';

const memcached: ResourceKind = {
  uid: 'u1',
  name: 'memcacheds.cache.example.com',
  group: 'cache.example.com',
  kind: 'Memcached',
  listKind: 'MemcachedList',
  plural: 'memcacheds',
  singular: 'memcached',
  shortNames: ['mc'],
  categories: [],
  scope: 'Namespaced',
  versions: [{ name: 'v1alpha1', served: true, storage: true, deprecated: false }],
  version: 'v1alpha1',
  established: true,
  designId: null,
  designVersion: null,
  printerColumns: [
    { name: 'Size', type: 'integer', priority: 0, jsonPath: '.spec.size' },
    { name: 'Image', type: 'string', priority: 1, jsonPath: '.spec.image' },
    { name: 'Age', type: 'date', priority: 0, jsonPath: '.metadata.creationTimestamp' },
  ],
  schema: null,
  subresources: { status: true, scale: false },
};
const other = { ...memcached, name: 'memcacheds.other.io', group: 'other.io', shortNames: [] };
const now = Date.parse('2026-11-25T06:00:00Z');
const cr = (ns: string, name: string, size?: number) => ({
  metadata: { namespace: ns, name, uid: name, creationTimestamp: '2026-11-25T05:00:00Z' },
  spec: { ...(size !== undefined ? { size } : {}), image: 'memcached:1.6' },
});

test('a kind by plural, singular, Kind, short name or plural.group; several matches or none say what to type', () => {
  for (const q of [
    'memcacheds',
    'memcached',
    'Memcached',
    'mc',
    'memcacheds.cache.example.com',
    'mc.cache.example.com',
  ])
    assert.deepEqual(matchKind([memcached], q), { kind: memcached }, q);
  assert.deepEqual(matchKind([memcached, other], 'memcacheds'), {
    error: "'memcacheds' names 2 kinds: use one of memcacheds.cache.example.com, memcacheds.other.io",
  });
  assert.deepEqual(matchKind([memcached, other], 'memcacheds.other.io'), { kind: other });
  assert.deepEqual(matchKind([memcached], 'memcahced'), {
    error: "no kind 'memcahced': did you mean memcacheds.cache.example.com?",
  });
  assert.deepEqual(matchKind([memcached, other], 'memcahced.other.io'), {
    error: "no kind 'memcahced.other.io': did you mean memcacheds.other.io?",
  });
  assert.deepEqual(matchKind([memcached], 'deployments'), {
    error: "no kind 'deployments': `opstudio get` lists the kinds",
  });
  assert.deepEqual(matchKind([], 'x'), { error: "no kind 'x': the cluster has no custom resource definitions" });
});

test('the table: namespace, name, priority-0 printer cells, age; -o wide adds the rest', () => {
  const objects = [cr('b', 'two', 3), cr('a', 'one')];
  assert.equal(
    resourcesTable(memcached, objects, { allNamespaces: true, wide: false, now }),
    'NAMESPACE  NAME  SIZE  AGE\na          one         60m\nb          two   3     60m\n',
  );
  assert.equal(
    resourcesTable(memcached, objects.slice(0, 1), { allNamespaces: false, wide: true, now }),
    'NAME  SIZE  IMAGE          AGE\ntwo   3     memcached:1.6  60m\n',
  );
});

test('the kinds: plural first (completion reads the first column)', () => {
  assert.equal(
    kindsTable([memcached]),
    'NAME        SHORTNAMES  APIVERSION                  NAMESPACED  KIND\nmemcacheds  mc          cache.example.com/v1alpha1  true        Memcached\n',
  );
  assert.equal(kindsTable([]), 'No custom resource definitions found.\n');
});
