// The Memcached design (the image form) through the one graph reconciler, against in-memory
// caches and writes (the cluster end state is covered by memcached.int.test.ts): which writes,
// Events and outcomes each situation gives, as the deploy-image reconciler gave them before the
// image form became a one-Deployment graph (docs/design/0046).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { KubernetesObject } from '@kubernetes/client-node';
import { parseDesign } from '@opstudio/shared/design/io';
import { operandGraph } from '@opstudio/shared/graph/deploy-image-profile';
import { plan } from '@opstudio/shared/graph/plan';
import type { Condition } from '@opstudio/shared/operand/index';
import { loadCel } from '@opstudio/cel/node';
import { repoRoot } from '../config';
import { KubeApiError } from '../kube/errors';
import type { CrObject } from './cr-object';
import { createGraphReconciler } from './graph-reconcile';
import { cacheReader } from './reconcile-io';

await loadCel();

const parsed = parseDesign(readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8'));
if (!parsed.ok) throw new Error('examples/memcached.design.yaml does not parse');
const design = parsed.design;
const FIN = 'cache.example.com/finalizer';
const available: Condition = {
  type: 'Available',
  status: 'True',
  observedGeneration: 1,
  lastTransitionTime: '2026-11-22T11:00:00Z',
  reason: 'Reconciling',
  message: 'Deployment for custom resource (s) with 3 replicas created successfully',
};
/** Ready mirrors Available. */
const ready: Condition = { ...available, type: 'Ready' };

const cr = (
  over: { spec?: unknown; finalizers?: string[]; deleting?: boolean; conditions?: Condition[]; nodes?: string[] } = {},
): CrObject => ({
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: {
    name: 's',
    namespace: 'ns',
    uid: 'u1',
    generation: 1,
    resourceVersion: '10',
    finalizers: over.finalizers ?? [FIN],
    ...(over.deleting === true ? { deletionTimestamp: '2026-11-22T12:00:00Z' } : {}),
  },
  spec: over.spec ?? { size: 3 },
  status: { conditions: over.conditions ?? [], ...(over.nodes !== undefined ? { nodes: over.nodes } : {}) },
});

/** The Deployment as the planner makes it for `replicas`, stored and rolled out. */
const readyDeployment = (replicas: number): KubernetesObject => {
  const p = plan(operandGraph(design), cr({ spec: { size: replicas } }) as never, new Map());
  const d = p.desired[0]!.object as unknown as KubernetesObject;
  return {
    ...d,
    metadata: { ...d.metadata, generation: 1, uid: 'dep-uid', resourceVersion: '5' },
    status: { observedGeneration: 1, replicas, readyReplicas: replicas, updatedReplicas: replicas },
  } as KubernetesObject;
};
const replicasOf = (o: KubernetesObject) => (o as { spec?: { replicas?: number } }).spec?.replicas;

interface Case {
  readonly name: string;
  readonly cr: CrObject | undefined;
  readonly deployment?: KubernetesObject;
  readonly fail?: 'apply409';
  readonly outcome: string;
  readonly writes: string[];
  readonly events: string[];
}

const cases: Case[] = [
  { name: 'a CR gone from the cache needs nothing', cr: undefined, outcome: 'done', writes: [], events: [] },
  {
    name: 'a new CR: finalizer, create, status',
    cr: cr({ finalizers: [] }),
    outcome: 'done',
    writes: [
      'finalizers +cache.example.com/finalizer @10',
      'apply Deployment s replicas=3',
      'status Available=False,Ready=False nodes=3',
    ],
    events: ['Normal Created Created Deployment s with 3 replicas'],
  },
  {
    name: 'converged: no writes at all',
    cr: cr({ conditions: [available, ready], nodes: ['p0', 'p1', 'p2'] }),
    deployment: readyDeployment(3),
    outcome: 'done',
    writes: [],
    events: [],
  },
  {
    name: 'size edited: scale, Resizing',
    cr: cr({ spec: { size: 5 }, conditions: [available, ready], nodes: ['p0', 'p1', 'p2'] }),
    deployment: readyDeployment(3),
    outcome: 'done',
    writes: ['apply Deployment s replicas=5', 'status Available=False,Ready=False nodes=3'],
    events: ['Normal Scaled Scaled Deployment s from 3 to 5 replicas'],
  },
  {
    name: 'apply conflict: error (retried), Warning',
    cr: cr({ conditions: [available] }),
    deployment: readyDeployment(2),
    fail: 'apply409',
    outcome: 'error',
    writes: ['apply Deployment s replicas=3', 'status Available=False,Ready=False'],
    events: [
      'Warning ReconcileFailed Failed to apply Deployment for the custom resource (s): apply Deployment s: the object has been modified (409)',
    ],
  },
  {
    name: 'deleting: Finalizing, Event, finalizer removed at the new version',
    cr: cr({ deleting: true, conditions: [available] }),
    outcome: 'done',
    writes: ['status Available=True,Degraded=True,Ready=True', 'finalizers  @11'],
    events: ['Warning Deleting Custom Resource s is being deleted from the namespace ns'],
  },
  {
    name: 'a same-named Deployment another controller owns: left untouched, Degraded, requeued',
    cr: cr({ conditions: [available, ready] }),
    deployment: {
      ...readyDeployment(3),
      metadata: {
        ...readyDeployment(3).metadata,
        ownerReferences: [
          {
            apiVersion: 'b.example.com/v1',
            kind: 'Memcached',
            name: 's',
            uid: 'u2',
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
    },
    outcome: 'requeueAfter',
    writes: ['status Available=True,Ready=True,Degraded=True nodes=0'],
    events: ['Warning AlreadyOwned Deployment ns/s is controlled by Memcached s (uid u2); left untouched'],
  },
  {
    name: 'deleting without our finalizer: nothing to do',
    cr: cr({ deleting: true, finalizers: ['other/x'] }),
    outcome: 'done',
    writes: [],
    events: [],
  },
];

function harness(c: Pick<Case, 'cr' | 'deployment' | 'fail'>) {
  const writes: string[] = [];
  const events: string[] = [];
  const ours = (o: KubernetesObject) => o.metadata?.ownerReferences?.some((r) => r.uid === 'u1' && r.controller);
  const read = cacheReader({
    crs: { get: () => c.cr },
    children: {
      controlledBy: () => (c.deployment !== undefined && ours(c.deployment) ? [c.deployment] : []),
      get: () => c.deployment,
    },
    live: { get: () => Promise.resolve(c.deployment) },
  });
  const reconcile = createGraphReconciler({
    design,
    read: { ...read, podNames: () => Promise.resolve(['p0', 'p1', 'p2']) },
    write: {
      setFinalizers: (_ref, f, rv) =>
        Promise.resolve(void writes.push(`finalizers ${f.map((x) => `+${x}`).join(',')} @${rv}`)),
      patchStatus: (_ref, s) => {
        const conds = (s.conditions as Condition[]).map((x) => `${x.type}=${x.status}`).join(',');
        writes.push(`status ${conds}${Array.isArray(s.nodes) ? ` nodes=${s.nodes.length}` : ''}`);
        return Promise.resolve('11');
      },
      apply: (d) => {
        writes.push(`apply ${d.kind} ${d.metadata?.name} replicas=${replicasOf(d)}`);
        return c.fail === 'apply409'
          ? Promise.reject(
              new KubeApiError({
                code: 409,
                what: 'apply Deployment s',
                status: { message: 'the object has been modified' },
              }),
            )
          : Promise.resolve({ ...d, metadata: { ...d.metadata, uid: 'dep-uid', resourceVersion: '12' } });
      },
      delete: () => Promise.resolve(true),
    },
    recordEvent: (e) => void events.push(`${e.type} ${e.reason} ${e.note}`),
    now: () => new Date('2026-11-22T12:00:00Z'),
  });
  return { reconcile, writes, events };
}

for (const c of cases) {
  test(`deploy-image reconcile: ${c.name}`, async () => {
    const h = harness(c);
    const result = await h.reconcile('ns/s', [], new AbortController().signal);
    assert.equal(result.kind, c.outcome);
    assert.deepEqual(h.writes, c.writes);
    assert.deepEqual(h.events, c.events);
    assert.equal(result.report?.uid, c.cr === undefined ? undefined : 'u1', 'the run reports itself');
  });
}

test('deploy-image reconcile: the same situation twice announces the create once', async () => {
  const h = harness({ cr: cr() });
  await h.reconcile('ns/s', [], new AbortController().signal);
  await h.reconcile('ns/s', [], new AbortController().signal); // the cache has not seen the Deployment yet
  assert.deepEqual(
    h.events.map((e) => e.split(' ')[1]),
    ['Created'],
  );
});
