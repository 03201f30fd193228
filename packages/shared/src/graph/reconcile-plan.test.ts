/// <reference types="node" />
// The pure decisions of a reconcile (docs/design/0049): which child writes, with which timeline
// line and Event, and which Events the status and the finalizer give. The controller only runs them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadCel } from '@opstudio/cel/node';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import type { Condition } from '../operand/types';
import { operandGraph } from './deploy-image-profile';
import type { KubeObject } from './model';
import { plan } from './plan';
import { childActions, finalizingStatus, reconcileStatus, type ChildAction } from './reconcile-plan';

await loadCel();

const load = (file: string): Design => {
  const parsed = parseDesign(readFileSync(new URL(`../../../../examples/${file}`, import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(`examples/${file} does not parse`);
  return parsed.design;
};
const memcached = load('memcached.design.yaml');
const webapp = load('webapp.design.yaml');
const now = new Date('2026-11-29T12:00:00Z');
const owner = (uid: string) => [
  { apiVersion: 'x.example.com/v1', kind: 'Owner', name: 'o', uid, controller: true, blockOwnerDeletion: true },
];

const memcachedCr = (size: number): KubeObject => ({
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: { name: 's', namespace: 'ns', uid: 'u1' },
  spec: { size },
});
const webappCr: KubeObject = {
  apiVersion: 'web.example.com/v1alpha1',
  kind: 'WebApp',
  metadata: { name: 'site', namespace: 'web', uid: 'u1' },
  spec: { image: 'nginx:1.27', replicas: 1, port: 8080, greeting: 'hello' },
};

/** The object as stored, with a uid; controlled by another owner when `by` names one. */
const stored = (o: KubeObject, by?: string): KubeObject => {
  const meta = o.metadata as Record<string, unknown>;
  const metadata: KubeObject = { ...meta, uid: `uid-${String(meta.name)}` };
  if (by !== undefined) metadata.ownerReferences = owner(by);
  return { ...o, metadata };
};
const lines = (actions: readonly ChildAction[]) =>
  actions.map(
    (a) => `${a.verb} | ${a.summary} | ${a.event === undefined ? '-' : `${a.event.reason}: ${a.event.note}`}`,
  );

test('reconcile plan: the image form announces kubebuilder Events (Created with replicas, Scaled, none for another update)', () => {
  const graph = operandGraph(memcached);
  const at = (size: number) => plan(graph, memcachedCr(size), new Map());
  const three = at(3).desired[0]!.object;
  const create = childActions({ graph, plan: at(3), uid: 'u1', current: [undefined], owned: [] });
  assert.deepEqual(lines(create.actions), [
    'created | Deployment s created | Created: Created Deployment s with 3 replicas',
  ]);
  assert.equal(
    create.actions[0]?.id,
    'deployment',
    'the graph child, though its Deployment carries no component label',
  );
  const scale = childActions({ graph, plan: at(5), uid: 'u1', current: [stored(three)], owned: [stored(three)] });
  assert.deepEqual(lines(scale.actions), [
    'updated | Deployment s replicas 3→5 | Scaled: Scaled Deployment s from 3 to 5 replicas',
  ]);
  const relabelled = stored({ ...three, metadata: { ...(three.metadata as object), labels: {} } });
  const update = childActions({ graph, plan: at(3), uid: 'u1', current: [relabelled], owned: [relabelled] });
  assert.equal(update.actions.length, 1);
  assert.equal(update.actions[0]?.event, undefined, 'an update that does not scale gives no Event');
  const converged = childActions({ graph, plan: at(3), uid: 'u1', current: [stored(three)], owned: [stored(three)] });
  assert.deepEqual(converged.actions, []);
});

test('reconcile plan: a graph creates each child with its Event and component; another owner’s child is a conflict', () => {
  const graph = operandGraph(webapp);
  const p = plan(graph, webappCr, new Map());
  const ids = p.desired.map((d) => d.id);
  const theirs = stored(p.desired[0]!.object, 'u2');
  const r = childActions({
    graph,
    plan: p,
    uid: 'u1',
    current: [theirs, ...ids.slice(1).map(() => undefined)],
    owned: [],
  });
  assert.equal(r.conflicts.length, 1);
  assert.equal(r.conflicts[0]?.reason, 'AlreadyOwned');
  assert.deepEqual(
    r.actions.map((a) => [a.verb, a.child, a.event?.note]),
    p.desired.slice(1).map((d) => {
      const meta = d.object.metadata as { name: string };
      return ['created', d.id, `Created ${d.object.kind as string} ${meta.name}`];
    }),
  );
});

test('reconcile plan: a child whose id left the design is deleted once, not again while it is being deleted', () => {
  const graph = operandGraph(webapp);
  const p = plan(graph, webappCr, new Map());
  const old = stored({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'site-old', namespace: 'web', labels: { 'app.kubernetes.io/component': 'old' } },
  });
  const current = p.desired.map(() => undefined);
  const first = childActions({ graph, plan: p, uid: 'u1', current, owned: [old] });
  assert.deepEqual(lines(first.actions.filter((a) => a.verb === 'deleted')), [
    'deleted | Secret site-old deleted | Deleted: Deleted Secret site-old',
  ]);
  const deleting = { ...old, metadata: { ...(old.metadata as object), deletionTimestamp: '2026-11-29T12:00:00Z' } };
  const again = childActions({ graph, plan: p, uid: 'u1', current, owned: [deleting] });
  assert.deepEqual(
    again.actions.filter((a) => a.verb === 'deleted'),
    [],
  );
});

const degraded = (reason: string, message: string): Condition => ({
  type: 'Degraded',
  status: 'True',
  reason,
  message,
  lastTransitionTime: '2026-11-29T11:00:00Z',
});

test('reconcile plan: the status Warns when Degraded turns True or says something new, before the conditions’ own Events', () => {
  const graph = operandGraph(webapp);
  const p = plan(graph, webappCr, new Map());
  const conflict = {
    reason: 'AlreadyOwned' as const,
    kind: 'ConfigMap',
    name: 'site-config',
    message: 'ConfigMap web/site-config is controlled by Other x',
  };
  const first = reconcileStatus({ before: [], plan: p, conflicts: [conflict], now });
  assert.deepEqual(
    first.events.map((e) => `${e.type} ${e.reason} ${e.note}`),
    ['Warning AlreadyOwned ConfigMap web/site-config is controlled by Other x'],
  );
  const same = reconcileStatus({ before: first.conditions, plan: p, conflicts: [conflict], now });
  assert.deepEqual(same.events, [], 'the same Degraded again is no news');
  const failed = reconcileStatus({
    before: [degraded('AlreadyOwned', 'x')],
    plan: p,
    applyError: 'apply x: no (500)',
    now,
  });
  assert.deepEqual(
    failed.events.map((e) => `${e.reason} ${e.note}`),
    ['ApplyFailed apply x: no (500)'],
  );
});

test('reconcile plan: the image form’s failed apply gives its ReconcileFailed Warning', () => {
  const graph = operandGraph(memcached);
  const p = plan(graph, memcachedCr(3), new Map());
  const s = reconcileStatus({
    before: [],
    plan: p,
    applyError: 'apply Deployment s: conflict (409)',
    now,
    profile: { crName: 's' },
  });
  assert.deepEqual(
    s.events.map((e) => `${e.type} ${e.reason} ${e.note}`),
    [
      'Warning ReconcileFailed Failed to apply Deployment for the custom resource (s): apply Deployment s: conflict (409)',
    ],
  );
});

test('reconcile plan: a custom resource being deleted gets Finalizing and one Deleting Event, however its message changes', () => {
  const first = finalizingStatus({
    before: [],
    name: 's',
    namespace: 'ns',
    waiting: 'waiting for Namespace a to be deleted',
    now,
  });
  assert.deepEqual(
    first.events.map((e) => `${e.type} ${e.reason} ${e.note}`),
    ['Warning Deleting Custom Resource s is being deleted from the namespace ns'],
  );
  assert.equal(first.conditions.find((c) => c.type === 'Degraded')?.reason, 'Finalizing');
  const done = finalizingStatus({ before: first.conditions, name: 's', namespace: 'ns', now });
  assert.deepEqual(done.events, []);
  assert.equal(
    done.conditions.find((c) => c.type === 'Degraded')?.message,
    'Finalizer operations for custom resource s name were successfully accomplished',
  );
});
