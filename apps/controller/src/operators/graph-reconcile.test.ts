// The graph reconciler's phases against in-memory caches and writes (the cluster end state is
// covered by graph.int.test.ts): adoption refused, pruning, and a lagging cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { KubernetesObject } from '@kubernetes/client-node';
import { parseDesign } from '@opstudio/shared/design/io';
import type { Condition } from '@opstudio/shared/operand/index';
import { repoRoot } from '../config';
import type { ChildWrites } from './child-writes';
import type { CrObject } from './cr-object';
import { createGraphReconciler } from './graph-reconcile';
import { cacheReader } from './reconcile-io';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const parsed = parseDesign(readFileSync(path.join(repoRoot, 'examples/webapp.design.yaml'), 'utf8'));
if (!parsed.ok) throw new Error('examples/webapp.design.yaml does not parse');
const design = parsed.design;
const FIN = 'web.example.com/finalizer';

const cr: CrObject = {
  apiVersion: 'web.example.com/v1alpha1',
  kind: 'WebApp',
  metadata: { name: 'site', namespace: 'web', uid: 'u1', generation: 1, resourceVersion: '10', finalizers: [FIN] },
  spec: { image: 'nginx:1.27', replicas: 1, port: 8080, greeting: 'hello' },
  status: { conditions: [] },
};
const ownedBy = (uid: string, kind = 'WebApp', name = 'site') => [
  { apiVersion: 'web.example.com/v1alpha1', kind, name, uid, controller: true, blockOwnerDeletion: true },
];

function harness(cluster: KubernetesObject[], cached: KubernetesObject[] = [], withDesign = design) {
  const log: string[] = [];
  const events: string[] = [];
  let rv = 100;
  const stored: KubernetesObject[] = [];
  let seen: CrObject = cr;
  const same = (a: KubernetesObject, b: KubernetesObject) =>
    a.kind === b.kind && a.metadata?.name === b.metadata?.name && a.metadata?.namespace === b.metadata?.namespace;
  const childWrites: ChildWrites = {
    get: (ref) => Promise.resolve(cluster.find((o) => same(o, ref))),
    apply: (d) => {
      log.push(`apply ${d.kind} ${d.metadata?.name}`);
      const object = {
        ...d,
        metadata: { ...d.metadata, uid: `uid-${d.metadata?.name}`, resourceVersion: String(++rv) },
      };
      stored.push(object);
      return Promise.resolve(object);
    },
    delete: (o) => {
      log.push(`delete ${o.kind} ${o.metadata?.name}`);
      return Promise.resolve(true);
    },
  };
  let status: Record<string, unknown> = {};
  const reconcile = createGraphReconciler({
    design: withDesign,
    read: cacheReader({
      crs: { get: () => seen },
      children: {
        controlledBy: (uid) =>
          cached.filter((o) => o.metadata?.ownerReferences?.some((r) => r.uid === uid && r.controller)),
        get: (apiVersion, kind, name) => cached.find((o) => o.kind === kind && o.metadata?.name === name),
      },
      live: childWrites,
    }),
    write: {
      ...childWrites,
      setFinalizers: () => Promise.resolve(),
      patchStatus: (_ref, s) => {
        status = s;
        return Promise.resolve('11');
      },
    },
    recordEvent: (e) => void events.push(`${e.type} ${e.reason} ${e.note}`),
    now: () => new Date('2026-11-24T12:00:00Z'),
  });
  /** the cache catches up: it holds every object applied so far */
  const catchUp = () => {
    cached.push(...stored.splice(0));
    seen = { ...cr, metadata: { ...cr.metadata, resourceVersion: '11' }, status };
  };
  return { reconcile, log, events, status: () => status, catchUp };
}
const signal = new AbortController().signal;
const degraded = (s: Record<string, unknown>) => (s.conditions as Condition[]).find((c) => c.type === 'Degraded');

test('graph reconcile: a ConfigMap another controller owns (not cached: found by GET) is left untouched', async () => {
  const theirs = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'site-config', namespace: 'web', ownerReferences: ownedBy('u2', 'Other', 'x') },
  };
  const h = harness([theirs]);
  const result = await h.reconcile('web/site', [], signal);
  assert.deepEqual(
    { kind: result.kind, ms: 'ms' in result ? result.ms : undefined },
    { kind: 'requeueAfter', ms: 30_000 },
  );
  assert.equal(result.report?.name, 'site', 'the run reports itself');
  assert.deepEqual(h.log, ['apply Service site-service'], 'the ConfigMap is not applied');
  assert.equal(degraded(h.status())?.reason, 'AlreadyOwned');
  assert.equal(
    degraded(h.status())?.message,
    'ConfigMap web/site-config is controlled by Other x (uid u2); left untouched',
  );
  assert.ok(
    h.events.includes(
      'Warning AlreadyOwned ConfigMap web/site-config is controlled by Other x (uid u2); left untouched',
    ),
  );
});

test('graph reconcile: a lagging cache does not announce a create twice', async () => {
  const created = (h: ReturnType<typeof harness>) => h.events.filter((e) => e.startsWith('Normal Created'));
  const h = harness([]);
  await h.reconcile('web/site', [], signal);
  const first = created(h);
  assert.deepEqual(first, [
    'Normal Created Created ConfigMap site-config',
    'Normal Created Created Service site-service',
  ]);
  const writes = h.log.length;
  const waiting = await h.reconcile('web/site', [], signal); // nothing reached the cache: the run waits
  assert.equal(waiting.kind, 'done');
  assert.equal(h.log.length, writes, 'no write while the cache lags behind ours');
  assert.deepEqual(created(h), first);
  h.catchUp();
  await h.reconcile('web/site', [], signal);
  assert.deepEqual(created(h), [...first, 'Normal Created Created Deployment site-deployment']);
});

test('graph reconcile: a child whose id left the design is deleted; an unlabelled one is not', async () => {
  const meta = (name: string, labels: Record<string, string>) => ({
    name,
    namespace: 'web',
    uid: `uid-${name}`,
    resourceVersion: '5',
    labels,
    ownerReferences: ownedBy('u1'),
  });
  const cached = [
    { apiVersion: 'v1', kind: 'Secret', metadata: meta('site-old', { 'app.kubernetes.io/component': 'old' }) },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('site-mine', {}) },
  ];
  const h = harness([], cached);
  await h.reconcile('web/site', [], signal);
  assert.ok(h.log.includes('delete Secret site-old'));
  assert.ok(!h.log.some((l) => l.includes('site-mine')));
  assert.ok(h.events.includes('Normal Deleted Deleted Secret site-old'));
});

test('graph reconcile: an expression the designer refuses (cost estimate over the limit) is never evaluated: Degraded names it', async () => {
  const cubic =
    '${string(lists.range(200).map(a, lists.range(200).map(b, lists.range(200).map(c, a + b + c))).size())}';
  const expensive = structuredClone(design);
  const config = expensive.operand!.resources![0]!;
  config.template = { ...config.template, data: { GREETING: cubic } };
  const h = harness([], [], expensive);
  const started = performance.now();
  await h.reconcile('web/site', [], signal);
  assert.ok(performance.now() - started < 1000, 'nothing ran the expression');
  assert.deepEqual(h.log, [], 'no child is written');
  const d = degraded(h.status());
  assert.equal(d?.status, 'True');
  assert.match(
    d?.message ?? '',
    /resources\[0\]\.template\.data\.GREETING: .*exceeds the API server's limit of 1000000 per expression/,
  );
});
