/// <reference types="node" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { childDrift, childEvent, staleChildren } from './child-sync';
import type { ResourceGraph } from './model';
import type { Plan } from './plan';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

test('childDrift: zero values we set match fields the server left out', () => {
  const desired = { spec: { template: { spec: { containers: [{ name: 'web', env: [], image: 'a' }] } } } };
  const observed = {
    spec: { template: { spec: { containers: [{ name: 'web', image: 'a', imagePullPolicy: 'X' }] } } },
  };
  assert.deepEqual(childDrift(desired, observed), []);
  const changed = childDrift({ data: { GREETING: 'hi' } }, { data: { GREETING: 'hello' } });
  assert.deepEqual(changed, [{ path: 'data.GREETING', from: 'hello', to: 'hi' }]);
  assert.equal(childDrift({ a: 1 }, undefined).length, 1, 'nothing observed: everything differs');
});

const graph: ResourceGraph = {
  resources: [
    { id: 'config', template: { apiVersion: 'v1', kind: 'ConfigMap' } },
    { id: 'ingress', template: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' } },
    { id: 'deployment', template: { apiVersion: 'apps/v1', kind: 'Deployment' } },
  ],
};
const owned = (apiVersion: string, kind: string, name: string, component?: string) => {
  const labels: Record<string, string> = component === undefined ? {} : { 'app.kubernetes.io/component': component };
  return { apiVersion, kind, metadata: { name, labels } };
};
const emptyPlan = (over: Partial<Plan>): Plan => ({
  desired: [],
  prune: [],
  blocked: [],
  status: {},
  conditions: [],
  errors: [],
  ...over,
});

test('staleChildren: pruned ids, ids gone from the design, changed kinds and old names go; the rest stays', () => {
  const objects = [
    owned('v1', 'ConfigMap', 's-config', 'config'),
    owned('networking.k8s.io/v1', 'Ingress', 's-ingress', 'ingress'),
    owned('v1', 'Service', 's-service', 'service'),
    owned('v1', 'Secret', 's-deployment', 'deployment'),
    owned('apps/v1', 'Deployment', 'old-name', 'deployment'),
    owned('v1', 'ConfigMap', 'unlabelled'),
  ];
  const p = emptyPlan({
    desired: [
      { id: 'config', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 's-config' } } },
      { id: 'deployment', object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 's-deployment' } } },
    ],
    prune: ['ingress'],
  });
  assert.deepEqual(
    staleChildren(graph, p, objects).map((o) => o.metadata.name),
    ['s-ingress', 's-service', 's-deployment', 'old-name'],
  );
});

test('staleChildren: a blocked child is left alone', () => {
  const objects = [owned('networking.k8s.io/v1', 'Ingress', 's-ingress', 'ingress')];
  const p = emptyPlan({ blocked: [{ id: 'ingress', waitingFor: ['service'] }] });
  assert.deepEqual(staleChildren(graph, p, objects), []);
});

test('childEvent: reason, action and note', () => {
  assert.deepEqual(childEvent('created', 'ConfigMap', 'site-config'), {
    type: 'Normal',
    reason: 'Created',
    action: 'Create',
    note: 'Created ConfigMap site-config',
  });
  assert.equal(childEvent('updated', 'Deployment', 'd', 'replicas 1→2').note, 'Updated Deployment d: replicas 1→2');
  assert.equal(childEvent('deleted', 'Ingress', 'i').reason, 'Deleted');
});
