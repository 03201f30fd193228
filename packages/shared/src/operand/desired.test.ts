import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desiredDeployment, DesiredStateError, imageTag, labelValue } from './desired';
import type { DesiredDeploymentInput } from './desired';

const memcached: DesiredDeploymentInput = {
  cr: {
    apiVersion: 'cache.example.com/v1alpha1',
    kind: 'Memcached',
    metadata: { name: 'memcached-sample', namespace: 'default', uid: '6f1c2c1e-0000-4000-8000-000000000001' },
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
};

test('the Memcached sample gives the Deployment the deploy-image scaffold builds', () => {
  const labels = {
    'app.kubernetes.io/name': 'memcached-operator',
    'app.kubernetes.io/instance': 'memcached-sample',
    'app.kubernetes.io/managed-by': 'MemcachedController',
  };
  assert.deepEqual(desiredDeployment(memcached), {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'memcached-sample',
      namespace: 'default',
      labels: { ...labels, 'app.kubernetes.io/version': '1.6.26-alpine3.19' },
      ownerReferences: [
        {
          apiVersion: 'cache.example.com/v1alpha1',
          kind: 'Memcached',
          name: 'memcached-sample',
          uid: '6f1c2c1e-0000-4000-8000-000000000001',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      replicas: 3,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels: { ...labels, 'app.kubernetes.io/version': '1.6.26-alpine3.19' } },
        spec: {
          securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
          containers: [
            {
              name: 'memcached',
              image: 'memcached:1.6.26-alpine3.19',
              imagePullPolicy: 'IfNotPresent',
              securityContext: {
                runAsNonRoot: true,
                runAsUser: 1001,
                allowPrivilegeEscalation: false,
                capabilities: { drop: ['ALL'] },
              },
              ports: [{ containerPort: 11211, name: 'memcached' }],
              command: ['memcached', '--memory-limit=64', '-o', 'modern', '-v'],
            },
          ],
        },
      },
    },
  });
});

test('the selector ignores the image tag, so an image upgrade keeps the (immutable) selector', () => {
  const a = desiredDeployment(memcached);
  const b = desiredDeployment({ ...memcached, operand: { ...memcached.operand, image: 'memcached:1.6.27' } });
  assert.deepEqual(a.spec.selector, b.spec.selector);
  assert.equal(b.spec.template.metadata.labels['app.kubernetes.io/version'], '1.6.27');
});

const withSpec = (spec: unknown): DesiredDeploymentInput => ({ ...memcached, cr: { ...memcached.cr, spec } });

const replicaCases: Array<[string, unknown, number]> = [
  ['size 5', { size: 5, containerPort: 11211 }, 5],
  ['size 0', { size: 0 }, 0],
  ['size unset (the scaffold then scales to 0)', {}, 0],
  ['no spec at all', undefined, 0],
];
for (const [name, spec, replicas] of replicaCases) {
  test(`replicas: ${name} → ${replicas}`, () =>
    assert.equal(desiredDeployment(withSpec(spec)).spec.replicas, replicas));
}

test('a field path without the spec. prefix and a nested path both work', () => {
  const d = desiredDeployment({
    ...withSpec({ scaling: { size: 2 } }),
    operand: { ...memcached.operand, replicasField: 'scaling.size', portField: undefined },
  });
  assert.equal(d.spec.replicas, 2);
  assert.equal(d.spec.template.spec.containers[0]?.ports, undefined);
});

test('a design without a replicas field runs one replica; no command and no runAsUser are left out', () => {
  const d = desiredDeployment({ ...memcached, operand: { image: 'nginx' } });
  assert.equal(d.spec.replicas, 1);
  const c = d.spec.template.spec.containers[0];
  assert.equal(c?.command, undefined);
  assert.equal(c?.ports, undefined);
  assert.deepEqual(c?.securityContext, {
    runAsNonRoot: true,
    allowPrivilegeEscalation: false,
    capabilities: { drop: ['ALL'] },
  });
  assert.equal(d.metadata.labels['app.kubernetes.io/version'], undefined, 'no tag, no version label');
});

const badSpecs: Array<[string, unknown, string]> = [
  ['a negative size', { size: -1 }, 'spec.size'],
  ['a fractional size', { size: 1.5 }, 'spec.size'],
  ['a string size', { size: '3' }, 'spec.size'],
  ['a size over int32', { size: 2 ** 31 }, 'spec.size'],
  ['port 0', { size: 1, containerPort: 0 }, 'spec.containerPort'],
  ['port 70000', { size: 1, containerPort: 70000 }, 'spec.containerPort'],
];
for (const [name, spec, field] of badSpecs) {
  test(`${name} is a DesiredStateError naming ${field}`, () => {
    assert.throws(
      () => desiredDeployment(withSpec(spec)),
      (err: unknown) =>
        err instanceof DesiredStateError &&
        err.field === field &&
        err.reason === 'InvalidSpec' &&
        err.message.includes('memcached-sample'),
    );
  });
}

const tags: Array<[string, string | undefined]> = [
  ['memcached:1.6.26-alpine3.19', '1.6.26-alpine3.19'],
  ['localhost:5000/team/memcached:1.6', '1.6'],
  ['localhost:5000/team/memcached', undefined],
  ['memcached@sha256:' + 'a'.repeat(64), undefined],
  ['memcached:1.6@sha256:' + 'a'.repeat(64), '1.6'],
];
for (const [image, tag] of tags)
  test(`imageTag(${image.slice(0, 40)}) = ${tag}`, () => assert.equal(imageTag(image), tag));

test('labelValue keeps valid values and makes long or odd ones valid and distinct', () => {
  assert.equal(labelValue('memcached-sample'), 'memcached-sample');
  const long1 = labelValue('a'.repeat(100));
  const long2 = labelValue('a'.repeat(101));
  for (const v of [long1, long2, labelValue('-weird name!-')])
    assert.match(v, /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/);
  assert.notEqual(long1, long2);
});

test('a long kind still gives a valid container and port name', () => {
  const d = desiredDeployment({ ...memcached, cr: { ...memcached.cr, kind: 'DistributedMemcachedCluster' } });
  const c = d.spec.template.spec.containers[0];
  assert.equal(c?.name, 'distributedmemcachedcluster');
  assert.equal(c?.ports?.[0]?.name, 'distributedmemc');
});
