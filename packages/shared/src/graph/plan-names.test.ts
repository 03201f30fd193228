/// <reference types="node" />
// Issue 27: a child's rendered name is checked as its kind's name before anything is written,
// and a cluster-scoped child gets no namespace.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { KubeObject, ResourceGraph } from './model';
import { plan } from './plan';
import { childDrift } from './child-sync';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const cr = (name: string): KubeObject => ({
  apiVersion: 'demo.example.com/v1',
  kind: 'Website',
  metadata: { name: 'site', namespace: 'web', uid: 'uid-1' },
  spec: { target: name },
});
const child = (apiVersion: string, kind: string, name?: string): ResourceGraph => ({
  resources: [
    {
      id: 'child',
      template: { apiVersion, kind, ...(name !== undefined ? { metadata: { name } } : {}) },
    },
  ],
});

describe('plan: a rendered name is checked as the kind requires', () => {
  const SUBDOMAIN = /lower-case letters, digits, '-' and '\.', starting and ending with a letter or digit, at most 253/;
  const LABEL =
    /lower-case letters, digits and '-' \(no '\.'\), starting and ending with a letter or digit, at most 63/;
  const DNS1035 = /lower-case letters, digits and '-' \(no '\.'\), starting with a letter/;
  const cases: [string, string, string, RegExp | undefined][] = [
    // apiVersion, kind, the name the expression gives, the refusal (undefined: planned)
    ['v1', 'ConfigMap', 'Bad_Name', SUBDOMAIN],
    ['v1', 'ConfigMap', 'a.b-c', undefined],
    ['v1', 'ConfigMap', `${'a'.repeat(253)}`, undefined],
    ['v1', 'ConfigMap', `${'a'.repeat(254)}`, SUBDOMAIN],
    ['v1', 'ConfigMap', '-a', SUBDOMAIN],
    ['v1', 'Secret', 'x/y', SUBDOMAIN],
    ['apps/v1', 'Deployment', 'web\n', SUBDOMAIN],
    ['v1', 'Service', 'a.b', DNS1035],
    ['v1', 'Service', '1abc', DNS1035],
    ['v1', 'Service', 'abc-1', undefined],
    ['v1', 'Namespace', 'victim.ns', LABEL],
    ['v1', 'Namespace', '1-team', undefined],
    ['v1', 'Namespace', 'a'.repeat(64), LABEL],
    ['rbac.authorization.k8s.io/v1', 'ClusterRole', 'system:aggregate-to-edit', undefined],
    ['rbac.authorization.k8s.io/v1', 'Role', 'Any Name:OK', undefined],
    ['rbac.authorization.k8s.io/v1', 'RoleBinding', '..', /any name but '\.' or '\.\.', without '\/' or '%'/],
    ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', 'a/b', /without '\/' or '%'/],
    ['rbac.authorization.k8s.io/v1', 'Role', 'a%2f', /without '\/' or '%'/],
    ['batch/v1', 'CronJob', 'a'.repeat(53), /a CronJob name is at most 52 characters/],
    ['batch/v1', 'Job', 'a'.repeat(64), /a Job name is at most 63 characters/],
    ['example.com/v1', 'Widget', 'UPPER', SUBDOMAIN],
    ['example.com/v1', 'Widget', 'a.b.c', undefined],
  ];
  for (const [apiVersion, kind, name, refusal] of cases)
    test(`${kind} named ${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}…(${name.length})` : name)}: ${refusal === undefined ? 'planned' : 'refused'}`, () => {
      const p = plan(child(apiVersion, kind, '${self.spec.target}'), cr(name), new Map());
      if (refusal === undefined) {
        assert.deepEqual(p.errors, []);
        assert.equal((p.desired[0]?.object.metadata as { name: string }).name, name);
        return;
      }
      // nothing is written for the child; the error names the child, the field and the value
      assert.deepEqual(p.desired, []);
      assert.equal(p.errors.length, 1);
      assert.equal(p.errors[0]!.path, 'resources[0].template.metadata.name');
      const message = p.errors[0]!.message;
      assert.ok(
        message.startsWith(`child child: metadata.name ${JSON.stringify(name)} is not a valid ${kind} name: `),
        message,
      );
      assert.match(message, refusal);
      const degraded = p.conditions.find((c) => c.type === 'Degraded')!;
      assert.equal(degraded.status, 'True');
      assert.match(degraded.message, /resources\[0\]\.template\.metadata\.name: child child: metadata\.name/);
    });

  test('the default name is checked too: a CR named with a dot cannot name a Service', () => {
    const dotted = { ...cr('x'), metadata: { name: 'my.site', namespace: 'web', uid: 'u' } };
    const p = plan(child('v1', 'Service', undefined), dotted, new Map());
    assert.deepEqual(p.desired, []);
    assert.match(p.errors[0]!.message, /^child child: metadata\.name "my\.site-child" is not a valid Service name/);
    // a ConfigMap may carry the dot
    assert.deepEqual(plan(child('v1', 'ConfigMap', undefined), dotted, new Map()).errors, []);
  });

  test('one bad child does not stop the others', () => {
    const g: ResourceGraph = {
      resources: [
        { id: 'bad', template: { apiVersion: 'v1', kind: 'Service', metadata: { name: '${self.spec.target}' } } },
        { id: 'good', template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '${self.spec.target}' } } },
      ],
    };
    const p = plan(g, cr('a.b'), new Map());
    assert.deepEqual(
      p.desired.map((d) => d.id),
      ['good'],
    );
    assert.deepEqual(
      p.errors.map((e) => e.path),
      ['resources[0].template.metadata.name'],
    );
  });
});

describe('plan: a cluster-scoped child gets no namespace', () => {
  const namespaceOf = (g: ResourceGraph, options?: Parameters<typeof plan>[3]): unknown =>
    (plan(g, cr('team-a'), new Map(), options).desired[0]?.object.metadata as { namespace?: string }).namespace;

  for (const [apiVersion, kind] of [
    ['v1', 'Namespace'],
    ['rbac.authorization.k8s.io/v1', 'ClusterRole'],
    ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding'],
    ['v1', 'PersistentVolume'],
    ['storage.k8s.io/v1', 'StorageClass'],
    ['apiextensions.k8s.io/v1', 'CustomResourceDefinition'],
    ['scheduling.k8s.io/v1', 'PriorityClass'],
    ['networking.k8s.io/v1', 'IngressClass'],
  ] as const)
    test(`${kind}: no namespace`, () => assert.equal(namespaceOf(child(apiVersion, kind)), undefined));

  test('namespaced built-ins keep the custom resource’s namespace', () => {
    assert.equal(namespaceOf(child('v1', 'ConfigMap')), 'web');
    assert.equal(namespaceOf(child('rbac.authorization.k8s.io/v1', 'Role')), 'web');
  });

  test('a custom resource kind: namespaced unless the caller (discovery) says otherwise', () => {
    const g = child('example.com/v1', 'Tenant');
    assert.equal(namespaceOf(g), 'web');
    assert.equal(namespaceOf(g, { isNamespaced: (_v, kind) => kind !== 'Tenant' }), undefined);
    assert.equal(namespaceOf(child('v1', 'ConfigMap'), { isNamespaced: () => true }), 'web');
  });

  test('drift: a namespace the server dropped (cluster-scoped) is no change; a namespaced child’s still is', () => {
    const desired = { metadata: { name: 'x', namespace: 'web' }, spec: { a: 1 } };
    assert.deepEqual(childDrift(desired, { metadata: { name: 'x' }, spec: { a: 1 } }), []);
    assert.deepEqual(
      childDrift(desired, { metadata: { name: 'x', namespace: 'other' }, spec: { a: 1 } }).map((c) => c.path),
      ['metadata.namespace'],
    );
    assert.deepEqual(
      childDrift(desired, { metadata: { name: 'x' }, spec: { a: 2 } }).map((c) => c.path),
      ['spec.a'],
    );
  });
});
