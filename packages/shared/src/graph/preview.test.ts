/// <reference types="node" />
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { designGraph } from '../design/operand-form';
import { parseDesign } from '../design/io';
import { sampleResource } from '../manifests/sample';
import { REPO_ROOT } from '../testing/corpus';
import type { KubeObject, ResourceGraph } from './model';
import { previewGraph } from './preview';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const parsed = parseDesign(readFileSync(`${REPO_ROOT}/examples/webapp.design.yaml`, 'utf8'));
assert.ok(parsed.ok);
const graph = designGraph(parsed.design)!;
const sample = sampleResource(parsed.design);
const cr = (spec: Record<string, unknown>): KubeObject => ({
  ...sample,
  metadata: { name: 'webapp-sample', namespace: 'default', uid: 'uid-1' },
  spec: { ...(sample.spec as object), ...spec } as KubeObject,
});
const states = (p: ReturnType<typeof previewGraph>) => Object.fromEntries(p.children.map((c) => [c.id, c.state]));

test('the Web app sample: config, deployment, service; ingress and pdb excluded by their includeWhen', () => {
  const p = previewGraph(graph, cr({}));
  assert.deepEqual(states(p), {
    config: 'rendered',
    deployment: 'rendered',
    service: 'rendered',
    ingress: 'excluded',
    pdb: 'excluded',
    ports: 'collection',
  });
  const deployment = p.children.find((c) => c.id === 'deployment');
  assert.ok(deployment?.state === 'rendered');
  const envFrom = JSON.stringify(deployment.object);
  assert.match(envFrom, /"name":"webapp-sample-config"/, 'the Deployment read the ConfigMap rendered before it');
  assert.equal(p.status.url, 'http://webapp-sample-service.default.svc');
  assert.deepEqual(p.errors, []);
});

test('a host and three replicas: the Ingress renders after the Service it reads, and the PDB', () => {
  const p = previewGraph(graph, cr({ host: 'web.example.com', replicas: 3 }));
  assert.deepEqual(Object.values(states(p)), [
    'rendered',
    'rendered',
    'rendered',
    'rendered',
    'rendered',
    'collection',
  ]);
  const ingress = p.children.find((c) => c.id === 'ingress');
  assert.ok(ingress?.state === 'rendered');
  assert.match(JSON.stringify(ingress.object), /"name":"webapp-sample-service"/);
});

test('a child that needs a status only the cluster reports waits; a failing expression is its own', () => {
  const p = previewGraph(
    {
      resources: [
        { id: 'a', template: { apiVersion: 'v1', kind: 'ConfigMap' } },
        { id: 'b', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${a.status.phase}' } } },
        { id: 'c', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${string(1/0)}' } } },
      ],
    },
    cr({}),
  );
  assert.deepEqual(states(p), { a: 'rendered', b: 'waiting', c: 'failed' });
});

test('a design the planner refuses (a cycle) plans nothing: every child failed, none excluded', () => {
  const p = previewGraph(
    {
      resources: [
        { id: 'a', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${b.metadata.name}' } } },
        { id: 'b', template: { apiVersion: 'v1', kind: 'ConfigMap', data: { x: '${a.metadata.name}' } } },
        { id: 'c', template: { apiVersion: 'v1', kind: 'ConfigMap' } },
      ],
    },
    cr({}),
  );
  assert.deepEqual(states(p), { a: 'failed', b: 'failed', c: 'failed' });
});

test('a collection previews every object for the sample, and its dependent reads them all', () => {
  const ports: ResourceGraph = {
    resources: [
      {
        id: 'ports',
        forEach: [{ port: '${self.spec.ports}' }],
        template: { apiVersion: 'v1', kind: 'ConfigMap', data: { port: '${string(port)}' } },
      },
      {
        id: 'summary',
        template: { apiVersion: 'v1', kind: 'ConfigMap', data: { all: "${ports.map(p, p.data.port).join(',')}" } },
      },
      { id: 'none', forEach: [{ x: '${[]}' }], template: { apiVersion: 'v1', kind: 'ConfigMap' } },
    ],
  };
  const p = previewGraph(ports, cr({ ports: [80, 443, 8080] }));
  const collection = p.children.find((c) => c.id === 'ports');
  assert.ok(collection?.state === 'collection');
  assert.deepEqual(
    collection.objects.map((o) => [o.key, (o.object.metadata as { name: string }).name]),
    [
      ['80', 'webapp-sample-ports-80'],
      ['443', 'webapp-sample-ports-443'],
      ['8080', 'webapp-sample-ports-8080'],
    ],
  );
  const summary = p.children.find((c) => c.id === 'summary');
  assert.ok(summary?.state === 'rendered');
  assert.deepEqual(summary.object.data, { all: '80,443,8080' });
  assert.deepEqual(
    p.children.find((c) => c.id === 'none'),
    { id: 'none', kind: 'ConfigMap', state: 'collection', objects: [] },
  );
});

test('the Web app: a Service per extra port, named from the port', () => {
  const p = previewGraph(graph, cr({ extraPorts: [{ name: 'metrics', port: 9090 }] }));
  const ports = p.children.find((c) => c.id === 'ports');
  assert.ok(ports?.state === 'collection');
  assert.deepEqual(
    ports.objects.map((o) => [(o.object.metadata as { name: string }).name, o.object.spec]),
    [
      [
        'webapp-sample-ports-metrics',
        {
          selector: { 'app.kubernetes.io/name': 'webapp', 'app.kubernetes.io/instance': 'webapp-sample' },
          ports: [{ name: 'metrics', port: 9090, targetPort: 9090 }],
        },
      ],
    ],
  );
});
