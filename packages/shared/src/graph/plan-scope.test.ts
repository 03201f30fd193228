/// <reference types="node" />
// Issue 29, part 1 (docs/design/0039): where children live and how they are owned. A namespaced
// custom resource owns by reference only what lives in its namespace; a cluster-scoped child, or
// one in a declared namespace or a Namespace of the graph, carries the owner label and annotation.
// A cluster-scoped custom resource owns everything by reference, and each namespaced child names
// its namespace. A child inside a Namespace of the graph waits for it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { KubeObject, ResourceGraph } from './model';
import { plan, type Plan } from './plan';
import { OWNER_ANNOTATION, OWNER_UID_LABEL, ownershipConflict } from './ownership';
import { staleChildren } from './child-sync';
import { loadCel } from '@opstudio/cel/node';

await loadCel();

const tenant: KubeObject = {
  apiVersion: 'platform.example.com/v1alpha1',
  kind: 'Tenant',
  metadata: { name: 'acme', namespace: 'team', uid: 'uid-t' },
  spec: { shared: 'shared' },
};
const project: KubeObject = {
  apiVersion: 'platform.example.com/v1alpha1',
  kind: 'Project',
  metadata: { name: 'alpha', uid: 'uid-p' },
  spec: {},
};
const meta = (p: Plan, id: string) =>
  p.desired.find((d) => d.id === id)?.object.metadata as
    | {
        name: string;
        namespace?: string;
        labels: Record<string, string>;
        annotations?: Record<string, string>;
        ownerReferences?: { uid: string }[];
      }
    | undefined;

/** Plans until no new child appears, every desired child observed as applied. */
function converge(graph: ResourceGraph, cr: KubeObject): Plan {
  let observed = new Map<string, KubeObject>();
  let p = plan(graph, cr, observed);
  for (let round = 0; round < 6; round++) {
    const next = new Map(p.desired.map((d) => [d.id, d.object]));
    if ([...next.keys()].every((id) => observed.has(id))) return p;
    observed = next;
    p = plan(graph, cr, observed);
  }
  return p;
}

describe('a namespaced custom resource', () => {
  const graph: ResourceGraph = {
    namespaces: ['shared'],
    resources: [
      { id: 'role', template: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', rules: [] } },
      { id: 'local', template: { apiVersion: 'v1', kind: 'ConfigMap' } },
      { id: 'away', template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: '${self.spec.shared}' } } },
      {
        id: 'ns',
        template: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'tenant-${self.metadata.name}' } },
      },
      {
        id: 'quota',
        template: {
          apiVersion: 'v1',
          kind: 'ResourceQuota',
          metadata: { namespace: 'tenant-${self.metadata.name}' },
          spec: { hard: { pods: '10' } },
        },
      },
    ],
  };

  test('a cluster-scoped child: no namespace, the owner label and annotation, no owner reference', () => {
    const m = meta(plan(graph, tenant, new Map()), 'role')!;
    assert.equal(m.namespace, undefined);
    assert.equal(m.ownerReferences, undefined);
    assert.equal(m.labels[OWNER_UID_LABEL], 'uid-t');
    assert.equal(m.labels['app.kubernetes.io/managed-by'], 'operator-studio');
    assert.equal(m.annotations?.[OWNER_ANNOTATION], 'Tenant.platform.example.com team/acme');
  });

  test("a child in the resource's namespace: an owner reference, no label", () => {
    const m = meta(plan(graph, tenant, new Map()), 'local')!;
    assert.equal(m.namespace, 'team');
    assert.deepEqual(
      m.ownerReferences?.map((r) => r.uid),
      ['uid-t'],
    );
    assert.equal(m.labels[OWNER_UID_LABEL], undefined);
    assert.equal(m.annotations, undefined);
  });

  test('a child in a declared namespace: labelled, not referenced', () => {
    const m = meta(plan(graph, tenant, new Map()), 'away')!;
    assert.equal(m.namespace, 'shared');
    assert.equal(m.ownerReferences, undefined);
    assert.equal(m.labels[OWNER_UID_LABEL], 'uid-t');
  });

  test('a namespace the design does not declare is refused at its path, nothing of that child planned', () => {
    const p = plan(graph, { ...tenant, spec: { shared: 'kube-system' } }, new Map());
    assert.equal(meta(p, 'away'), undefined);
    assert.deepEqual(p.errors, [
      {
        path: 'resources[2].template.metadata.namespace',
        message:
          'child away: namespace "kube-system" is not the custom resource\'s, nor one the design declares (operand.namespaces: shared), nor a Namespace it creates',
      },
    ]);
    assert.equal(p.conditions.find((c) => c.type === 'Degraded')?.status, 'True');
  });

  test('a namespace that is not a Namespace name is refused', () => {
    const p = plan(graph, { ...tenant, spec: { shared: 'Not/A.name' } }, new Map());
    assert.match(
      p.errors[0]?.message ?? '',
      /^child away: metadata\.namespace "Not\/A\.name" is not a valid Namespace name/,
    );
  });

  test('a child inside a Namespace of the graph waits for it, then lives there, labelled', () => {
    const first = plan(graph, tenant, new Map());
    assert.deepEqual(first.blocked, [{ id: 'quota', waitingFor: ['ns'] }]);
    const done = converge(graph, tenant);
    const m = meta(done, 'quota')!;
    assert.equal(m.namespace, 'tenant-acme');
    assert.equal(m.labels[OWNER_UID_LABEL], 'uid-t');
    assert.equal(m.ownerReferences, undefined);
    assert.deepEqual(
      done.desired.map((d) => d.id),
      ['role', 'local', 'away', 'ns', 'quota'],
    );
  });

  test('the graph orders a Namespace before the children inside it, whatever the design order', () => {
    const reversed: ResourceGraph = { ...graph, resources: [...graph.resources].reverse() };
    const done = converge(reversed, tenant);
    const ids = done.desired.map((d) => d.id);
    assert.ok(ids.indexOf('ns') < ids.indexOf('quota'), ids.join(','));
  });

  test('a namespace that reads the Namespace child is allowed once that Namespace is observed as ours', () => {
    const reads: ResourceGraph = {
      resources: [
        { id: 'ns', template: { apiVersion: 'v1', kind: 'Namespace' } },
        { id: 'cm', template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: '${ns.metadata.name}' } } },
      ],
    };
    const done = converge(reads, tenant);
    assert.equal(meta(done, 'cm')?.namespace, 'acme-ns');
    assert.deepEqual(done.errors, []);
  });
});

describe('a cluster-scoped custom resource', () => {
  const graph: ResourceGraph = {
    resources: [
      {
        id: 'ns',
        template: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'project-${self.metadata.name}' } },
      },
      {
        id: 'limits',
        template: {
          apiVersion: 'v1',
          kind: 'LimitRange',
          metadata: { namespace: '${ns.metadata.name}' },
          spec: { limits: [] },
        },
      },
      { id: 'role', template: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', rules: [] } },
      { id: 'bare', template: { apiVersion: 'v1', kind: 'ConfigMap' } },
    ],
  };

  test('owns every child by reference: a cluster-scoped owner may own anything', () => {
    const done = converge({ ...graph, resources: graph.resources.slice(0, 3) }, project);
    for (const id of ['ns', 'limits', 'role']) {
      const m = meta(done, id)!;
      assert.deepEqual(
        m.ownerReferences?.map((r) => r.uid),
        ['uid-p'],
        id,
      );
      assert.equal(m.labels[OWNER_UID_LABEL], undefined, id);
    }
    assert.equal(meta(done, 'ns')?.namespace, undefined);
    assert.equal(meta(done, 'limits')?.namespace, 'project-alpha');
    assert.equal(meta(done, 'role')?.namespace, undefined);
  });

  test('a namespaced child without a namespace is refused: the resource has none to lend', () => {
    const p = plan(graph, project, new Map());
    assert.deepEqual(
      p.errors.map((e) => e.path),
      ['resources[3].template.metadata.namespace'],
    );
    assert.equal(
      p.errors[0]?.message,
      'child bare: the custom resource is cluster-scoped, so a ConfigMap needs metadata.namespace',
    );
  });
});

describe('ownership by label', () => {
  const labelled = (uid: string) => ({
    kind: 'ClusterRole',
    metadata: {
      name: 'acme-role',
      labels: { [OWNER_UID_LABEL]: uid },
      annotations: { [OWNER_ANNOTATION]: 'Tenant.platform.example.com team/acme' },
    },
  });

  test("the owner label of this resource is ours; another's is AlreadyOwned, adopt or not", () => {
    assert.equal(ownershipConflict(labelled('uid-t'), 'uid-t'), undefined);
    for (const adopt of [false, true]) {
      const c = ownershipConflict(labelled('uid-other'), 'uid-t', adopt);
      assert.equal(c?.reason, 'AlreadyOwned');
      assert.equal(
        c?.message,
        'ClusterRole acme-role is controlled by Tenant team/acme (uid uid-other); left untouched',
      );
    }
  });

  test('an unlabelled, unreferenced object is AlreadyExists unless the child adopts', () => {
    const bare = { kind: 'ClusterRole', metadata: { name: 'acme-role' } };
    assert.equal(ownershipConflict(bare, 'uid-t')?.reason, 'AlreadyExists');
    assert.equal(ownershipConflict(bare, 'uid-t', true), undefined);
  });

  test('a child the plan moves to another namespace is pruned from the old one', () => {
    const graph: ResourceGraph = {
      namespaces: ['a', 'b'],
      resources: [{ id: 'cm', template: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'b' } } }],
    };
    const p = plan(graph, tenant, new Map());
    const old = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'acme-cm', namespace: 'a', labels: { 'app.kubernetes.io/component': 'cm' } },
    };
    const same = { ...old, metadata: { ...old.metadata, namespace: 'b' } };
    assert.deepEqual(staleChildren(graph, p, [old, same]), [old]);
  });
});
