// The pure desired Deployment (packages/shared/src/operand) is accepted by a real API server as a
// server-side apply with the controller's field manager, restricted pod security included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KubernetesObjectApi, PatchStrategy } from '@kubernetes/client-node';
import type { V1Deployment } from '@kubernetes/client-node';
import { desiredDeployment } from '@opstudio/shared/operand/index';
import { loadKubeConfig } from '../kube/kubeconfig';
import { kubeconfigPath, skipWithoutCluster } from '../../testing';

test('the Memcached Deployment passes a server-side apply dry run', { skip: skipWithoutCluster }, async () => {
  const { kc } = loadKubeConfig(kubeconfigPath);
  const desired = desiredDeployment({
    cr: {
      apiVersion: 'cache.example.com/v1alpha1',
      kind: 'Memcached',
      metadata: { name: 'dry-run-sample', namespace: 'default', uid: '6f1c2c1e-0000-4000-8000-000000000001' },
      spec: { size: 3, containerPort: 11211 },
    },
    operand: {
      image: 'memcached:1.6.26-alpine3.19',
      command: ['memcached', '--memory-limit=64', '-o', 'modern', '-v'],
      replicasField: 'spec.size',
      portField: 'spec.containerPort',
      runAsUser: 1001,
    },
    projectName: 'memcached-operator',
  });
  const client = KubernetesObjectApi.makeApiClient(kc);
  const applied = (await client.patch(
    desired,
    undefined,
    'All',
    'operator-studio',
    true,
    PatchStrategy.ServerSideApply,
  )) as V1Deployment;
  assert.equal(applied.spec?.replicas, 3);
  assert.equal(applied.metadata?.ownerReferences?.[0]?.controller, true);
  assert.deepEqual(applied.spec?.template.spec?.containers[0]?.securityContext?.capabilities?.drop, ['ALL']);
  assert.equal(applied.metadata?.managedFields?.[0]?.manager, 'operator-studio');
});
