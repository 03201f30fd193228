// The reconcile phases against in-memory caches and writes (the cluster end state is covered by
// memcached.int.test.ts): which writes, Events, outcomes and history each situation gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDesign } from '@opstudio/shared/design/io';
import { desiredDeployment, operandInputFromDesign } from '@opstudio/shared/operand/index';
import type { Condition, Deployment } from '@opstudio/shared/operand/index';
import { repoRoot } from '../config';
import type { ReconcilerReport } from '../history/types';
import type { EventInput } from '../runtime/recorder';
import type { CrObject } from './cr-object';
import { KubeApiError } from '../kube/errors';
import type { KubeWrites } from './kube-writes';
import { createReconciler } from './reconcile';

const parsed = parseDesign(readFileSync(path.join(repoRoot, 'examples/memcached.design.yaml'), 'utf8'));
if (!parsed.ok) throw new Error('examples/memcached.design.yaml does not parse');
const design = parsed.design;
const FIN = 'cache.example.com/finalizer';
const now = () => new Date('2026-11-22T12:00:00Z');
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
const readyDeployment = (replicas: number): Deployment & { status: object; metadata: { generation: number } } => {
  const d = desiredDeployment(
    operandInputFromDesign(design, {
      ...cr(),
      metadata: { name: 's', namespace: 'ns', uid: 'u1' },
      spec: { size: replicas },
    })!,
  );
  return {
    ...d,
    metadata: { ...d.metadata, generation: 1 },
    status: { observedGeneration: 1, replicas, readyReplicas: replicas, updatedReplicas: replicas },
  };
};

interface Case {
  readonly name: string;
  readonly cr: CrObject | undefined;
  readonly deployment?: ReturnType<typeof readyDeployment>;
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
    events: ['Normal Created'],
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
    events: ['Normal Scaled'],
  },
  {
    name: 'invalid spec: Degraded, terminal, no apply',
    cr: cr({ spec: { size: 'three' } }),
    outcome: 'terminal',
    writes: ['status Degraded=True,Available=False,Ready=False'],
    events: ['Warning InvalidSpec'],
  },
  {
    name: 'apply conflict: error (retried), Warning',
    cr: cr({ conditions: [available] }),
    deployment: readyDeployment(2),
    fail: 'apply409',
    outcome: 'error',
    writes: ['apply Deployment s replicas=3', 'status Available=False,Ready=False'],
    events: ['Warning ReconcileFailed'],
  },
  {
    name: 'deleting: Finalizing, Event, finalizer removed at the new version',
    cr: cr({ deleting: true, conditions: [available] }),
    outcome: 'done',
    writes: ['status Available=True,Degraded=True,Ready=True', 'finalizers  @11'],
    events: ['Warning Deleting'],
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
    events: ['Warning AlreadyOwned'],
  },
  {
    name: 'deleting without our finalizer: nothing to do',
    cr: cr({ deleting: true, finalizers: ['other/x'] }),
    outcome: 'done',
    writes: [],
    events: [],
  },
];

for (const c of cases) {
  test(`reconcile: ${c.name}`, async () => {
    const writes: string[] = [];
    const events: string[] = [];
    const fake: KubeWrites = {
      apply: (d) => {
        writes.push(`apply ${d.kind} ${d.metadata?.name} replicas=${(d as unknown as Deployment).spec.replicas}`);
        return c.fail === 'apply409'
          ? Promise.reject(
              new KubeApiError({
                code: 409,
                what: 'apply Deployment s',
                status: { message: 'the object has been modified' },
              }),
            )
          : Promise.resolve(d);
      },
      setFinalizers: (_ref, f, rv) =>
        Promise.resolve(void writes.push(`finalizers ${f.map((x) => `+${x}`).join(',')} @${rv}`)),
      patchStatus: (_ref, s) => {
        const conds = (s.conditions as Condition[]).map((x) => `${x.type}=${x.status}`).join(',');
        writes.push(`status ${conds}${Array.isArray(s.nodes) ? ` nodes=${s.nodes.length}` : ''}`);
        return Promise.resolve('11');
      },
      podNames: () => Promise.resolve(['p0', 'p1', 'p2']),
    };
    const reports = new Map<string, ReconcilerReport>();
    const reconcile = createReconciler({
      design,
      crs: { get: () => c.cr },
      deployments: { get: () => c.deployment },
      writes: fake,
      recordEvent: (e: EventInput) => void events.push(`${e.type} ${e.reason}`),
      reports,
      now,
    });
    const result = await reconcile('ns/s', [], new AbortController().signal);
    assert.equal(result.kind, c.outcome);
    assert.deepEqual(writes, c.writes);
    assert.deepEqual(events, c.events);
    if (c.cr !== undefined) assert.equal(reports.get('ns/s')?.uid, 'u1');
  });
}

test('reconcile: the same situation twice announces the create once', async () => {
  const events: string[] = [];
  const writes: KubeWrites = {
    apply: (d) => Promise.resolve(d),
    setFinalizers: () => Promise.resolve(),
    patchStatus: () => Promise.resolve('11'),
    podNames: () => Promise.resolve([]),
  };
  const reconcile = createReconciler({
    design,
    crs: { get: () => cr() },
    deployments: { get: () => undefined },
    writes,
    recordEvent: (e) => void events.push(e.reason),
    reports: new Map(),
    now,
  });
  await reconcile('ns/s', [], new AbortController().signal);
  await reconcile('ns/s', [], new AbortController().signal); // the cache has not seen the Deployment yet
  assert.deepEqual(events, ['Created']);
});
