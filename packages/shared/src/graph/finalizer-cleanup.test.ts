/// <reference types="node" />
// The finalizer deletes the label-owned children in reverse dependency order (docs/design/0039):
// what lives inside a Namespace of the graph before the Namespace; it waits for every one of them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tenantDesign } from '../testing/scope-designs';
import { designGraph } from '../design/operand-form';
import { cleanupStep } from './finalizer-cleanup';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const graph = designGraph(tenantDesign('team-shared'))!;
const obj = (id: string, kind: string, name: string, namespace?: string, deleting = false) => ({
  kind,
  metadata: {
    name,
    ...(namespace !== undefined ? { namespace } : {}),
    labels: { 'app.kubernetes.io/component': id },
    ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
  },
});

test('nothing labelled left: the finalizer may go', () => {
  assert.deepEqual(cleanupStep(graph, []), { remove: [], waiting: undefined });
});

test('a Namespace waits for the children inside it; the others go at once', () => {
  const ns = obj('space', 'Namespace', 'team-acme');
  const inside = obj('inside', 'ConfigMap', 'acme-inside', 'team-acme');
  const role = obj('reader', 'ClusterRole', 'team-acme-reader');
  const step = cleanupStep(graph, [ns, inside, role]);
  assert.deepEqual(step.remove, [inside, role]);
  assert.equal(
    step.waiting,
    'waiting for ClusterRole team-acme-reader, ConfigMap team-acme/acme-inside, Namespace team-acme to be deleted',
  );
  // once they are being deleted, nothing more to send: the Namespace waits until they are gone
  const next = cleanupStep(graph, [ns, obj('inside', 'ConfigMap', 'acme-inside', 'team-acme', true)]);
  assert.deepEqual(next.remove, []);
  assert.deepEqual(cleanupStep(graph, [ns]).remove, [ns]);
});
