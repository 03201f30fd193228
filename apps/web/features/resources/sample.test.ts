import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { sampleFor } from './sample';

const memcached = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../../examples/memcached.design.yaml'),
  'utf8',
);
const kind = { group: 'cache.e2e-1.example.com', version: 'v1alpha1', kind: 'Memcached', singular: 'memcached' };

test('a studio kind starts from its design sample, with the served apiVersion and no namespace', () => {
  const obj = sampleFor(kind, memcached, new Set());
  assert.equal(obj.apiVersion, 'cache.e2e-1.example.com/v1alpha1');
  assert.equal(obj.metadata.name, 'memcached-sample');
  assert.equal(obj.metadata.namespace, undefined);
  assert.equal((obj.spec as { size?: number }).size, 1);
});

test('a taken name gets the next free suffix; a kind without a design gets a minimal object', () => {
  assert.equal(
    sampleFor(kind, memcached, new Set(['memcached-sample', 'memcached-sample-2'])).metadata.name,
    'memcached-sample-3',
  );
  assert.deepEqual(sampleFor({ ...kind, kind: 'Widget', singular: 'widget' }, null, new Set()), {
    apiVersion: 'cache.e2e-1.example.com/v1alpha1',
    kind: 'Widget',
    metadata: { name: 'widget-sample' },
    spec: {},
  });
});
