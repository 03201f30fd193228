/// <reference types="node" />
// The image form planned as a graph: the Deployment desired.ts describes (names, labels, selector,
// container, owner: kubebuilder's labels exactly, no component label), and the deploy-image conditions, status and Events (docs/design/0046).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { desiredDeployment } from '../operand/desired';
import { operandInputFromDesign } from '../operand/from-design';
import type { Condition } from '../operand/types';
import { graphStatus } from './cr-status';
import { deployImageEvent, deployImageGraph, DEPLOY_IMAGE_CHILD, operandGraph } from './deploy-image-profile';
import type { JSONValue } from '../crd/types';
import type { KubeObject } from './model';
import { plan, type Plan } from './plan';

await loadCel();

const parsed = parseDesign(
  readFileSync(new URL('../../../../examples/memcached.design.yaml', import.meta.url), 'utf8'),
);
if (!parsed.ok) throw new Error('examples/memcached.design.yaml does not parse');
const memcached = parsed.design;
const cr = (spec: Record<string, JSONValue>, name = 'sample'): KubeObject => ({
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: { name, namespace: 'ns', uid: 'u-1' },
  spec,
});
const now = new Date('2026-11-29T12:00:00Z');
const deployment = (p: Plan) => p.desired.find((d) => d.id === DEPLOY_IMAGE_CHILD)?.object as KubeObject;
for (const [what, spec, name] of [
  ['size and port', { size: 3, containerPort: 11211 }, 'sample'],
  ['no port', { size: 2 }, 'sample'],
  ['no size (the field unset: 0 replicas, as the scaffold)', {}, 'sample'],
  ['a name that is no label value', { size: 1 }, `a${'b'.repeat(70)}`],
] as const) {
  test(`deploy-image profile: the planned Deployment is desired.ts's (${what})`, () => {
    const p = plan(operandGraph(memcached), cr(spec, name), new Map());
    assert.deepEqual(p.errors, []);
    const expected = desiredDeployment(operandInputFromDesign(memcached, cr(spec, name) as never)!);
    // `ports: []` while the port is unset: the API server stores no ports either way, and drift ignores it
    assert.deepEqual(sortKeys(deployment(p), true), sortKeys(expected));
  });
}

test('deploy-image profile: a form string holding ${ stays text', () => {
  const design: Design = structuredClone(memcached);
  design.operand!.command = ['sh', '-c', 'echo ${HOME} }'];
  const p = plan(deployImageGraph(design), cr({ size: 1 }), new Map());
  assert.deepEqual(p.errors, []);
  const containers = (
    deployment(p) as unknown as { spec: { template: { spec: { containers: { command: string[] }[] } } } }
  ).spec.template.spec.containers;
  assert.deepEqual(containers[0]?.command, ['sh', '-c', 'echo ${HOME} }']);
});

test('deploy-image profile: a design without operand is Ready=True NoResources, nothing else', () => {
  const design: Design = structuredClone(memcached);
  delete design.operand;
  const p = plan(operandGraph(design), cr({ size: 1 }), new Map());
  assert.deepEqual(p.desired, []);
  const s = graphStatus({ before: [], plan: p, now, profile: { crName: 'sample' } });
  assert.deepEqual(
    s.conditions.map((c) => `${c.type}=${c.status} ${c.reason}`),
    ['Ready=True NoResources'],
  );
});

/** The status written after planning against `observed`, from `before`. */
function status(observed: KubeObject | undefined, before: Condition[] = [], extra: object = {}) {
  const p = plan(
    operandGraph(memcached),
    cr({ size: 3 }),
    new Map(observed === undefined ? [] : [[DEPLOY_IMAGE_CHILD, observed]]),
  );
  return graphStatus({ before, plan: p, generation: 1, now, profile: { crName: 'sample' }, ...extra });
}
const ready = (replicas: number, wanted = replicas): KubeObject => ({
  metadata: { generation: 1 },
  spec: { replicas: wanted },
  status: { observedGeneration: 1, replicas, readyReplicas: replicas, updatedReplicas: replicas },
});
const summary = (c: readonly Condition[]) => c.map((x) => `${x.type}=${x.status} ${x.reason}: ${x.message}`);

test('deploy-image profile: waiting is Available=False Resizing, Ready mirrors it, no Degraded', () => {
  assert.deepEqual(summary(status(undefined).conditions), [
    'Available=False Resizing: Waiting for 0/3 replicas of Deployment sample to be ready',
    'Ready=False Resizing: Waiting for 0/3 replicas of Deployment sample to be ready',
  ]);
});

test("deploy-image profile: ready is kubebuilder's Available message; an earlier Degraded is cleared", () => {
  const ok = 'Deployment for custom resource (sample) with 3 replicas created successfully';
  assert.deepEqual(summary(status(ready(3)).conditions), [
    `Available=True Reconciling: ${ok}`,
    `Ready=True Reconciling: ${ok}`,
  ]);
  const degraded: Condition = {
    type: 'Degraded',
    status: 'True',
    reason: 'AlreadyOwned',
    message: 'x',
    lastTransitionTime: '2026-11-29T11:00:00Z',
  };
  assert.deepEqual(summary(status(ready(3), [degraded]).conditions), [
    'Degraded=False Reconciling: Deployment for custom resource (sample) is healthy',
    `Available=True Reconciling: ${ok}`,
    `Ready=True Reconciling: ${ok}`,
  ]);
});

test('deploy-image profile: a child owned elsewhere sets Degraded alone; a failed apply makes Available False with a Warning', () => {
  const conflict = status(ready(3), [], { conflicts: [{ reason: 'AlreadyOwned', message: 'owned by b' }] });
  assert.deepEqual(summary(conflict.conditions), ['Degraded=True AlreadyOwned: owned by b']);
  const failed = status(ready(2), [], { applyError: 'conflict (409)' });
  assert.deepEqual(summary(failed.conditions), [
    'Available=False Reconciling: Failed to apply Deployment for the custom resource (sample): conflict (409)',
    'Ready=False Reconciling: Failed to apply Deployment for the custom resource (sample): conflict (409)',
  ]);
  assert.deepEqual(
    failed.events.map((e) => `${e.type} ${e.reason}`),
    ['Warning ReconcileFailed'],
  );
});

test('deploy-image profile: Created with its replicas, Scaled from the observed replicas, no Event for other updates', () => {
  assert.equal(
    deployImageEvent('created', 's', { spec: { replicas: 3 } }, undefined)?.note,
    'Created Deployment s with 3 replicas',
  );
  assert.equal(
    deployImageEvent('updated', 's', { spec: { replicas: 5 } }, { spec: { replicas: 3 } })?.note,
    'Scaled Deployment s from 3 to 5 replicas',
  );
  assert.equal(deployImageEvent('updated', 's', { spec: { replicas: 3 } }, { spec: { replicas: 3 } }), undefined);
});

function sortKeys(v: unknown, dropEmptyLists = false): unknown {
  if (Array.isArray(v)) return v.map((x) => sortKeys(x, dropEmptyLists));
  if (typeof v !== 'object' || v === null) return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .filter((k) => !(dropEmptyLists && Array.isArray(o[k]) && o[k].length === 0))
      .sort()
      .map((k) => [k, sortKeys(o[k], dropEmptyLists)]),
  );
}
