/// <reference types="node" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WEBAPP_GRAPH } from '../testing/webapp-graph';
import { graphEdges } from './edges';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

test('the Web app: nodes with kind, depth and optional children; edges from the references', () => {
  const { nodes, edges } = graphEdges(WEBAPP_GRAPH);
  const node = (id: string) => nodes.find((n) => n.id === id);
  assert.deepEqual(node('ingress'), { id: 'ingress', kind: 'Ingress', conditional: true, depth: 1 });
  assert.equal(node('config')?.depth, 0);
  assert.ok(edges.some((e) => e.from === 'ingress' && e.to === 'service' && e.via === 'template'));
  assert.ok(
    edges.every((e) => e.from !== e.to),
    'readyWhen reading the child itself is no edge',
  );
});

test('a cycle, an unknown name and a syntax error still draw', () => {
  const { nodes, edges } = graphEdges({
    resources: [
      { id: 'a', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${b.metadata.name}' } } },
      { id: 'b', includeWhen: 'a.metadata.name != ""', template: { apiVersion: 'v1', kind: 'Secret' } },
      { id: 'c', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${nope.x} ${(}' } } },
    ],
  });
  assert.deepEqual(edges, [
    { from: 'a', to: 'b', via: 'template' },
    { from: 'b', to: 'a', via: 'includeWhen' },
  ]);
  assert.equal(nodes.length, 3);
});

test('a collection: its lists and its template read other children; its iterators are no children', () => {
  const { nodes, edges } = graphEdges({
    resources: [
      { id: 'db', template: { apiVersion: 'v1', kind: 'ConfigMap' } },
      {
        id: 'port',
        forEach: [{ each: '${db.data.ports}' }],
        template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${each.name}' } },
      },
      { id: 'sum', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { n: '${string(size(port))}' } } },
    ],
  });
  assert.deepEqual(edges, [
    { from: 'port', to: 'db', via: 'template' },
    { from: 'sum', to: 'port', via: 'template' },
  ]);
  assert.equal(nodes.find((n) => n.id === 'port')?.collection, true);
});
