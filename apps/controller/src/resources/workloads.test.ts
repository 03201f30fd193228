// The Pods panel's rows from a CR's owned tree (./workloads.ts): pods found through every kind of
// workload, a StatefulSet's claims by their names, and why a pod is not running.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubernetesObject, V1Pod } from '@kubernetes/client-node';
import { ownedTree } from '../kube/owned-tree';
import type { KindSpec } from '../kube/resource-spec';
import { podWaitReason } from '@opstudio/shared/graph/pod-waits';
import { claimOrdinal, podsView } from './workloads';

const spec = (kind: string): KindSpec => ({ group: '', version: 'v1', resource: `${kind.toLowerCase()}s`, kind });

function obj(kind: string, name: string, owner: string | undefined, extra: Record<string, unknown> = {}) {
  return {
    kind,
    metadata: {
      name,
      namespace: 'ns',
      uid: `${kind}/${name}`,
      ...(owner !== undefined ? { ownerReferences: [{ uid: owner, controller: true }] } : {}),
    },
    ...extra,
  } as KubernetesObject;
}

/** The tree of `objects` under the CR `cr`, as the owner index would give it. */
function tree(objects: KubernetesObject[]) {
  const kinds = [...new Set(objects.map((o) => o.kind!))];
  return ownedTree(
    'cr',
    kinds.map((k) => ({
      kind: spec(k),
      byController: (uid: string) =>
        objects.filter(
          (o) =>
            o.kind === k && (o.metadata?.ownerReferences ?? []).some((r) => r.uid === uid && r.controller === true),
        ),
    })),
  );
}

const pendingPod = (name: string, owner: string, claim?: string) =>
  obj('Pod', name, owner, {
    spec: {
      containers: [{ name: 'c' }],
      ...(claim !== undefined ? { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }] } : {}),
    },
    status: {
      phase: 'Pending',
      conditions: [
        {
          type: 'PodScheduled',
          status: 'False',
          reason: 'Unschedulable',
          message: '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
        },
      ],
    },
  });

test('pods of every workload, each with the workload it belongs to (a Deployment, not its ReplicaSet)', () => {
  const objects = [
    obj('Deployment', 'web', 'cr', { spec: { replicas: 2 }, status: { readyReplicas: 1, updatedReplicas: 2 } }),
    obj('ReplicaSet', 'web-5d', 'Deployment/web'),
    obj('Pod', 'web-5d-a', 'ReplicaSet/web-5d'),
    obj('StatefulSet', 'kv', 'cr', { spec: { replicas: 1 }, status: { readyReplicas: 1, updatedReplicas: 1 } }),
    obj('Pod', 'kv-0', 'StatefulSet/kv'),
    obj('DaemonSet', 'agent', 'cr', {
      status: { desiredNumberScheduled: 3, numberReady: 3, updatedNumberScheduled: 3 },
    }),
    obj('Pod', 'agent-x', 'DaemonSet/agent'),
    obj('CronJob', 'backup', 'cr', { spec: { schedule: '@hourly' }, status: { active: [{}] } }),
    obj('Job', 'backup-1', 'CronJob/backup', { status: { active: 1 } }),
    obj('Pod', 'backup-1-p', 'Job/backup-1'),
    obj('Pod', 'bare', 'cr'),
    obj('Pod', 'someone-elses', 'other'),
  ];
  const view = podsView(tree(objects), () => []);
  assert.deepEqual(
    view.workloads.map((w) => `${w.kind} ${w.name}: ${w.summary}`),
    [
      'DaemonSet agent: 3/3 ready',
      'CronJob backup: schedule @hourly, 1 active',
      'Job backup-1: 1 active, 0 succeeded',
      'StatefulSet kv: 1/1 ready',
      'Deployment web: 1/2 ready',
    ],
  );
  assert.deepEqual(
    view.pods.map((p) => `${p.name} ${p.workloadKind} ${p.workload}`.trim()),
    ['agent-x DaemonSet agent', 'backup-1-p Job backup-1', 'bare', 'kv-0 StatefulSet kv', 'web-5d-a Deployment web'],
  );
});

test("a StatefulSet's claims by `<template>-<sts>-<ordinal>` in its namespace, with the pod using each", () => {
  const sts = obj('StatefulSet', 'kv', 'cr', {
    spec: { replicas: 2, volumeClaimTemplates: [{ metadata: { name: 'data' } }] },
  });
  const claim = (name: string, phase: string, namespace = 'ns') =>
    ({
      kind: 'PersistentVolumeClaim',
      metadata: { name, namespace, uid: `pvc/${namespace}/${name}` },
      spec: { storageClassName: 'standard', resources: { requests: { storage: '1Gi' } } },
      status: { phase, ...(phase === 'Bound' ? { capacity: { storage: '2Gi' } } : {}) },
    }) as KubernetesObject;
  const claims = [
    claim('data-kv-0', 'Bound'),
    claim('data-kv-1', 'Pending'),
    claim('data-kv-2', 'Bound'), // kept after a scale-down: still its claim, no pod
    claim('data-kv-x', 'Bound'),
    claim('data-kvx-0', 'Bound'),
    claim('data-kv-0', 'Bound', 'elsewhere'),
  ];
  const view = podsView(tree([sts, pendingPod('kv-1', 'StatefulSet/kv', 'data-kv-1')]), (ns) =>
    claims.filter((c) => c.metadata?.namespace === ns),
  );
  assert.deepEqual(
    view.claims.map((c) => [c.name, c.phase, c.capacity, c.storageClass, c.pod]),
    [
      ['data-kv-0', 'Bound', '2Gi', 'standard', 'kv-0'],
      ['data-kv-1', 'Pending', '1Gi', 'standard', 'kv-1'],
      ['data-kv-2', 'Bound', '2Gi', 'standard', 'kv-2'],
    ],
  );
  assert.equal(claimOrdinal('data-kv-01', 'data-kv-'), undefined);
  assert.equal(claimOrdinal('data-kv-10', 'data-kv-'), 10);
});

test('why a pod is not running: the scheduler first, then a waiting container; nothing while starting', () => {
  assert.equal(
    podWaitReason(pendingPod('p', 'x') as V1Pod),
    'Unschedulable: 0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
  );
  const waiting = (reason: string, message?: string, phase = 'Pending') =>
    ({
      status: {
        phase,
        conditions: [{ type: 'PodScheduled', status: 'True' }],
        containerStatuses: [{ name: 'c', ready: false, restartCount: 0, state: { waiting: { reason, message } } }],
      },
    }) as unknown as V1Pod;
  assert.equal(
    podWaitReason(waiting('ImagePullBackOff', 'Back-off pulling image "x"')),
    'ImagePullBackOff: Back-off pulling image "x"',
  );
  assert.equal(podWaitReason(waiting('CrashLoopBackOff', undefined, 'Running')), 'CrashLoopBackOff');
  assert.equal(podWaitReason(waiting('ContainerCreating')), null);
  assert.equal(podWaitReason({ status: { phase: 'Running' } }), null);
});
