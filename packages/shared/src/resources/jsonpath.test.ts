import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateJsonPath, JsonPathError } from './jsonpath';
import { printerCell, resourceRow } from './row';

const cr = {
  metadata: {
    name: 'm',
    namespace: 'demo',
    uid: 'u1',
    generation: 3,
    resourceVersion: '42',
    creationTimestamp: '2026-11-22T10:00:00Z',
    labels: { 'app.kubernetes.io/name': 'memcached' },
  },
  spec: { size: 3, ports: [80, 443], enabled: false },
  status: {
    observedGeneration: 2,
    nodes: ['a', 'b'],
    conditions: [
      {
        type: 'Available',
        status: 'True',
        reason: 'Reconciling',
        message: 'ok',
        lastTransitionTime: '2026-11-22T10:00:01Z',
      },
      { type: 'Degraded', status: 'False', reason: 'Reconciling' },
      { bogus: true },
    ],
  },
};

test('fields, indexes, slices, wildcards and quoted keys', () => {
  assert.deepEqual(evaluateJsonPath(cr, '.spec.size'), [3]);
  assert.deepEqual(evaluateJsonPath(cr, '{.spec.size}'), [3]);
  assert.deepEqual(evaluateJsonPath(cr, '.spec.ports[1]'), [443]);
  assert.deepEqual(evaluateJsonPath(cr, '.spec.ports[-1]'), [443]);
  assert.deepEqual(evaluateJsonPath(cr, '.spec.ports[0:1]'), [80]);
  assert.deepEqual(evaluateJsonPath(cr, '.status.nodes[*]'), ['a', 'b']);
  assert.deepEqual(evaluateJsonPath(cr, ".metadata.labels['app.kubernetes.io/name']"), ['memcached']);
  assert.deepEqual(evaluateJsonPath(cr, '.metadata.labels.app\\.kubernetes\\.io/name'), ['memcached']);
  assert.deepEqual(evaluateJsonPath(cr, '.spec.missing.deeper'), []);
  assert.deepEqual(evaluateJsonPath(cr, '.spec.enabled'), [false]);
});

test('filters: the kubebuilder status column and existence', () => {
  assert.deepEqual(evaluateJsonPath(cr, '.status.conditions[?(@.type=="Available")].status'), ['True']);
  assert.deepEqual(evaluateJsonPath(cr, ".status.conditions[?(@.type == 'Degraded')].reason"), ['Reconciling']);
  assert.deepEqual(evaluateJsonPath(cr, '.status.conditions[?(@.message)].type'), ['Available']);
  assert.deepEqual(evaluateJsonPath(cr, '.status.conditions[?(@.type!="Available")].status'), ['False']);
  assert.deepEqual(evaluateJsonPath({ a: [{ n: 1 }, { n: 5 }] }, '.a[?(@.n > 2)].n'), [5]);
});

test('a malformed path is a JsonPathError naming it', () => {
  for (const bad of ['.spec[', '.spec..size', 'spec.size', '.a[foo]']) {
    assert.throws(
      () => evaluateJsonPath(cr, bad),
      (e: Error) => e instanceof JsonPathError && e.message.includes(JSON.stringify(bad)),
      bad,
    );
  }
});

test('printer cells are typed by the column type, null when nothing is found', () => {
  assert.equal(printerCell(cr, { jsonPath: '.spec.size', type: 'integer' }), 3);
  assert.equal(printerCell(cr, { jsonPath: '.spec.size', type: 'string' }), '3');
  assert.equal(printerCell(cr, { jsonPath: '.spec.enabled', type: 'boolean' }), false);
  assert.equal(printerCell(cr, { jsonPath: '.metadata.creationTimestamp', type: 'date' }), '2026-11-22T10:00:00.000Z');
  assert.equal(printerCell(cr, { jsonPath: '.status.nodes', type: 'string' }), '["a","b"]');
  assert.equal(printerCell(cr, { jsonPath: '.status.nope', type: 'string' }), null);
  assert.equal(printerCell(cr, { jsonPath: '.spec[', type: 'string' }), null);
});

test('a row carries identity, generations, cells in column order and well-formed conditions', () => {
  const row = resourceRow(cr, [
    { jsonPath: '.spec.size', type: 'integer' },
    { jsonPath: '.status.conditions[?(@.type=="Available")].status', type: 'string' },
  ]);
  assert.equal(row.uid, 'u1');
  assert.equal(row.namespace, 'demo');
  assert.equal(row.generation, 3);
  assert.equal(row.observedGeneration, 2);
  assert.equal(row.deletionTimestamp, null);
  assert.deepEqual(row.columns, [3, 'True']);
  assert.deepEqual(
    row.conditions.map((c) => `${c.type}=${c.status}`),
    ['Available=True', 'Degraded=False'],
  );
  assert.equal(resourceRow({ metadata: { name: 'c', uid: 'u2' } }, []).namespace, null);
});
