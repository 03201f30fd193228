import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { designSpecOrder } from './design-order';

const example = (name: string) =>
  fs.readFileSync(path.join(import.meta.dirname, '../../../../../examples', name), 'utf8');

test("a design's spec fields in the order they were designed, nested ones too", () => {
  const order = designSpecOrder(example('webapp.design.yaml'), 'v1alpha1');
  assert.deepEqual(
    order?.fields?.map((f) => f.name),
    ['image', 'replicas', 'port', 'host', 'greeting', 'env', 'extraPorts'],
  );
  const env = order?.fields?.find((f) => f.name === 'env');
  assert.deepEqual(
    env?.items?.fields?.map((f) => f.name),
    ['name', 'value'],
  );
});

test('an unknown version falls back to the storage version; a design that does not read gives no order', () => {
  const order = designSpecOrder(example('memcached.design.yaml'), 'v9');
  assert.deepEqual(
    order?.fields?.map((f) => f.name),
    ['size', 'containerPort'],
  );
  assert.equal(designSpecOrder('crd: [', 'v1'), undefined);
  assert.equal(designSpecOrder('crd: {versions: 3}', 'v1'), undefined);
  assert.equal(designSpecOrder('crd: {versions: [{name: v1, storage: true, schema: {fields: []}}]}', 'v1'), undefined);
});
