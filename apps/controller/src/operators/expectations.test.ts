import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Expectations, type CachedVersion, type ObjectRef } from './expectations';

const dep: ObjectRef = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 's', namespace: 'ns' } };
const cr: ObjectRef = {
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: { name: 's', namespace: 'ns' },
};
const at = (rv: string, more: CachedVersion['metadata'] = {}): CachedVersion => ({
  metadata: { uid: 'd1', resourceVersion: rv, ...more },
});

const s1 = { key: 'ns/s', uid: 'u1' };
const a1 = { key: 'ns/a', uid: 'ua' };
const b1 = { key: 'ns/b', uid: 'ub' };

/** A cache holding `objects` by kind. */
const cache =
  (objects: Record<string, CachedVersion | undefined>) =>
  (ref: ObjectRef): CachedVersion | undefined =>
    objects[ref.kind ?? ''];

test('expectations: a write is awaited until the cache holds its version or a newer one', () => {
  const e = new Expectations();
  e.expectWrite(s1, dep, '12');
  e.expectWrite(s1, cr, '13');
  assert.deepEqual(e.unmet(s1, cache({})), ['apps/v1|Deployment|ns|s', 'cache.example.com/v1alpha1|Memcached|ns|s']);
  assert.deepEqual(e.unmet(s1, cache({ Deployment: at('11'), Memcached: at('13') })), ['apps/v1|Deployment|ns|s']);
  // someone else's newer write counts too; once met it is forgotten, whatever the cache says next
  assert.deepEqual(e.unmet(s1, cache({ Deployment: at('20') })), []);
  assert.deepEqual(e.unmet(s1, cache({})), []);
  assert.equal(e.size, 0);
});

test('expectations: a delete is awaited until the object leaves the cache, is deleting, or is another one', () => {
  const e = new Expectations();
  const gone = { ...dep, metadata: { ...dep.metadata, uid: 'd1' } };
  e.expectDelete(s1, gone);
  assert.equal(e.unmet(s1, cache({ Deployment: at('5') })).length, 1, 'still cached: not yet');
  assert.equal(e.unmet(s1, cache({ Deployment: at('6', { deletionTimestamp: '2026-01-01T00:00:00Z' }) })).length, 0);
  e.expectDelete(s1, gone);
  assert.equal(e.unmet(s1, cache({ Deployment: at('7', { uid: 'd2' }) })).length, 0, 'a new object of that name');
  e.expectDelete(s1, gone);
  assert.equal(e.unmet(s1, cache({})).length, 0);
});

test('expectations: each custom resource waits for its own writes only; forget drops them', () => {
  const e = new Expectations();
  e.expectWrite(a1, dep, '12');
  assert.deepEqual(e.unmet(b1, cache({})), []);
  e.forget('ns/a');
  assert.deepEqual(e.unmet(a1, cache({})), []);
});

test('expectations: an expectation older than the TTL is dropped; a version that is not a number is never awaited', () => {
  let now = 0;
  const e = new Expectations(60_000, () => now);
  e.expectWrite(s1, dep, '12');
  e.expectWrite(s1, cr, 'abc');
  e.expectWrite(s1, cr, undefined);
  now = 59_000;
  assert.equal(e.unmet(s1, cache({})).length, 1);
  now = 61_000;
  assert.deepEqual(e.unmet(s1, cache({})), []);
});

test('expectations: a custom resource made again under the same name waits for nothing its predecessor wrote', () => {
  const e = new Expectations();
  e.expectWrite(s1, dep, '12');
  assert.equal(e.unmet(s1, cache({})).length, 1);
  assert.deepEqual(e.unmet({ key: 'ns/s', uid: 'u2' }, cache({})), []);
  assert.deepEqual(e.unmet(s1, cache({})), [], 'dropped, not kept aside');
});

test('expectations: the watch event of our own status write is an echo, once, and only as the reconcile read it', () => {
  const e = new Expectations();
  const read = {
    ...cr,
    metadata: { ...cr.metadata, uid: 'u1', generation: 4, resourceVersion: '30', labels: { a: '1' } },
  };
  const event = (rv: string, more: Record<string, unknown> = {}) => ({
    ...read,
    metadata: { ...read.metadata, resourceVersion: rv, managedFields: [{ manager: 'x' }], ...more },
  });
  e.expectStatus(s1, read, '31');
  // another version (someone's write before or after ours), or the same version with other metadata: not ours
  assert.equal(e.ownStatusEcho('ns/s', event('32')), false);
  assert.equal(e.ownStatusEcho('ns/s', event('31', { generation: 5 })), false);
  assert.equal(e.ownStatusEcho('ns/s', event('31', { labels: { a: '2' } })), false);
  assert.equal(e.ownStatusEcho('ns/s', event('31', { uid: 'u2' })), false);
  // ours: met, and forgotten
  assert.equal(e.ownStatusEcho('ns/s', event('31')), true);
  assert.equal(e.size, 0);
  assert.equal(e.ownStatusEcho('ns/s', event('31')), false);
  // a status given as a plain write (a child's, or expectWrite) is never an echo
  e.expectWrite(s1, cr, '40');
  assert.equal(e.ownStatusEcho('ns/s', event('40')), false);
});

test('expectations: a reconcile that returned early waiting for its status write is woken by that echo', () => {
  const e = new Expectations();
  const read = { ...cr, metadata: { ...cr.metadata, uid: 'u1', resourceVersion: '30' } };
  e.expectStatus(s1, read, '31');
  e.expectWrite(s1, dep, '29');
  assert.deepEqual(e.unmet(s1, cache({ Deployment: at('29') })), ['cache.example.com/v1alpha1|Memcached|ns|s']);
  e.defer(s1);
  assert.equal(e.ownStatusEcho('ns/s', { ...read, metadata: { ...read.metadata, resourceVersion: '31' } }), false);
  assert.deepEqual(e.unmet(s1, cache({ Memcached: at('31') })), []);
});
