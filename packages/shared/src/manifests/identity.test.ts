/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../testing/corpus';
import { parseDesign } from '../design/io';
import type { Design } from '../design/schema';
import { bindingsOf } from '../graph/bindings';
import { validateGraph } from '../graph/validate';
import { spaceDesign, tenantDesign } from '../testing/scope-designs';
import {
  designIdentity,
  designPermissions,
  designReach,
  designRules,
  identityObjects,
  permissionText,
  reachNotes,
} from './identity';
import { generateRbac, markerComment, rbacMarkers } from './rbac';

const example = (file: string): Design => {
  const r = parseDesign(readFileSync(`${REPO_ROOT}/examples/${file}`, 'utf8'));
  assert.ok(r.ok);
  return r.design;
};

/** The Web app design with these children instead of its own. */
const withChildren = (resources: unknown[]): Design => {
  const d = example('webapp.design.yaml');
  return { ...d, operand: { resources: resources as never } };
};

const roleBinding = (roleRef: unknown) => ({
  id: 'binding',
  template: {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    roleRef,
    subjects: [{ kind: 'User', name: '${self.spec.user}' }],
  },
});

test('identity: names derived from the CRD, the account impersonated as a ServiceAccount user', () => {
  const id = designIdentity('memcacheds.cache.example.com', 'studio');
  assert.deepEqual(id, {
    namespace: 'studio',
    serviceAccount: 'opstudio-memcacheds.cache.example.com',
    user: 'system:serviceaccount:studio:opstudio-memcacheds.cache.example.com',
    roleName: 'opstudio:design:memcacheds.cache.example.com',
  });
  const long = designIdentity(`${'a'.repeat(60)}.${'b'.repeat(190)}`, 'x');
  assert.ok(long.serviceAccount.length <= 253);
});

test("identity: the ClusterRole's rules are the export's role.yaml, bound to the account", () => {
  const d = example('memcached.design.yaml');
  const [sa, role, binding] = identityObjects(d, designIdentity('memcacheds.cache.example.com', 'ns'), { l: 'v' });
  assert.equal((sa.metadata as { namespace: string }).namespace, 'ns');
  assert.deepEqual(role.rules, designRules(d));
  assert.match(generateRbac(d), /- deployments/);
  assert.deepEqual(binding.subjects, [
    { kind: 'ServiceAccount', name: 'opstudio-memcacheds.cache.example.com', namespace: 'ns' },
  ]);
  assert.deepEqual(binding.roleRef, {
    apiGroup: 'rbac.authorization.k8s.io',
    kind: 'ClusterRole',
    name: 'opstudio:design:memcacheds.cache.example.com',
  });
  assert.deepEqual((role.metadata as { labels: unknown }).labels, {
    'app.kubernetes.io/managed-by': 'operator-studio',
    l: 'v',
  });
});

test('permissions: the examples ask for nothing sensitive; RBAC, Secrets and Namespaces are marked', () => {
  for (const f of ['memcached.design.yaml', 'webapp.design.yaml', 'redis.design.yaml'])
    assert.deepEqual(
      designPermissions(example(f)).filter((p) => p.sensitive !== undefined),
      [],
      `${f} installs without a confirmation`,
    );
  const d = withChildren([
    { id: 'ns', template: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: '${self.spec.target}' } } },
    { id: 'secret', template: { apiVersion: 'v1', kind: 'Secret' } },
    roleBinding({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'admin' }),
  ]);
  const marked = designPermissions(d).filter((p) => p.sensitive !== undefined);
  assert.deepEqual(
    marked.map((p) => [permissionText(p), p.clusterScoped, p.sensitive]),
    [
      ['core/namespaces: create, delete, get, list, patch, update, watch', true, 'creates and deletes Namespaces'],
      ['core/secrets: create, delete, get, list, patch, update, watch', false, 'reads and writes Secrets'],
      [
        'rbac.authorization.k8s.io/clusterroles admin: bind',
        true,
        'binds the role(s) it names to any subject a custom resource gives',
      ],
      [
        'rbac.authorization.k8s.io/rolebindings: create, delete, get, list, patch, update, watch',
        false,
        'writes RBAC objects: who may do what',
      ],
    ],
  );
});

test('bind: a RoleBinding child binds the role it names; the marker carries resourceNames', () => {
  const d = withChildren([roleBinding({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'admin' })]);
  const bind = rbacMarkers(d).find((m) => m.verbs.includes('bind'));
  assert.deepEqual(bind, {
    groups: ['rbac.authorization.k8s.io'],
    resources: ['clusterroles'],
    verbs: ['bind'],
    resourceNames: ['admin'],
  });
  assert.equal(
    markerComment(bind),
    '// +kubebuilder:rbac:groups=rbac.authorization.k8s.io,resources=clusterroles,resourceNames=admin,verbs=bind',
  );
  assert.deepEqual(
    designRules(d).find((r) => r.verbs.includes('bind')),
    {
      apiGroups: ['rbac.authorization.k8s.io'],
      resources: ['clusterroles'],
      resourceNames: ['admin'],
      verbs: ['bind'],
    },
  );
});

test('bind: a roleRef from an expression is an error at its place; a ClusterRoleBinding gets no bind and a warning', () => {
  const fromCr = withChildren([roleBinding({ kind: 'ClusterRole', name: '${self.spec.role}' })]).operand;
  const issues = validateGraph(fromCr);
  assert.deepEqual(
    issues.map((i) => [i.severity, i.path]),
    [['error', 'resources[0].template.roleRef.name']],
  );
  assert.match(issues[0]!.message, /fixed role name/);
  assert.deepEqual(bindingsOf({ resources: [roleBinding({ kind: 'Role', name: 'a;b' })] as never }).roles, []);
  const crb = {
    resources: [
      {
        id: 'binding',
        template: {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'ClusterRoleBinding',
          roleRef: { kind: 'ClusterRole', name: 'cluster-admin' },
        },
      },
    ],
  };
  const b = bindingsOf(crb);
  assert.deepEqual(b.roles, []);
  assert.deepEqual(
    b.issues.map((i) => [i.severity, i.path]),
    [['warning', 'resources[0].template.roleRef']],
  );
});

test('the install lists where the children go beyond the custom resource’s namespace (docs/design/0039)', () => {
  const tenant = designReach(tenantDesign('team-shared'));
  assert.deepEqual(tenant, {
    namespaces: ['team-shared'],
    anyNamespace: false,
    clusterScopedKinds: ['ClusterRole', 'Namespace'],
  });
  assert.deepEqual(reachNotes(tenant), [
    "writes in namespaces besides its custom resource's: team-shared (operand.namespaces)",
  ]);
  const space = designReach(spaceDesign());
  assert.equal(space.anyNamespace, true);
  assert.deepEqual(space.clusterScopedKinds, ['Namespace', 'ClusterRole']);
  assert.match(
    reachNotes(space)[0] ?? '',
    /^is cluster-scoped: its children go to the namespaces their templates name/,
  );
  // the identity's role covers the cluster-scoped kinds and the Namespaces, each confirmed as sensitive
  const rows = designPermissions(tenantDesign('team-shared'));
  const row = (resource: string) => rows.find((p) => p.resource === resource);
  assert.equal(row('namespaces')?.sensitive, 'creates and deletes Namespaces');
  assert.equal(row('clusterroles')?.clusterScoped, true);
  assert.deepEqual(row('clusterroles')?.verbs, ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']);
  assert.deepEqual(designReach(example('webapp.design.yaml')), {
    namespaces: [],
    anyNamespace: false,
    clusterScopedKinds: [],
  });
});
