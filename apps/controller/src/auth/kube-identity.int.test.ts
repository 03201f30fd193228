// Kubernetes RBAC stays the authority: against the real sandbox API server, with real Roles and
// RoleBindings, a studio user acting through impersonation gets exactly what RBAC grants its
// `opstudio:<name>` user and `opstudio:<role>` group, and SubjectAccessReviews agree.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { ApiextensionsV1Api, CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import { loadKubeConfig } from '../kube/kubeconfig';
import { eventually, kubeconfigPath, skipWithoutCluster } from '../../testing';
import { grantRole } from '../../testing/rbac';
import { AccessReviewer } from './access-review';
import { impersonatingKubeConfig } from './impersonation';

const id = randomUUID().slice(0, 8);
const group = `authz-${id}.test.opstudio.dev`;
const plural = 'widgets';
const readable = `authz-read-${id}`;
const hidden = `authz-hidden-${id}`;
const editable = `authz-edit-${id}`;
const carol = { name: `carol-${id}`, role: 'editor' as const }; // may read `readable`, nothing more
const victor = { name: `victor-${id}`, role: 'viewer' as const };

const conn = skipWithoutCluster === false ? loadKubeConfig(kubeconfigPath) : undefined;

function widget(name: string) {
  return { apiVersion: `${group}/v1`, kind: 'Widget', metadata: { name }, spec: { size: 1 } };
}

function statusOf(err: unknown): number | undefined {
  return (err as { code?: number }).code;
}

before(async () => {
  if (conn === undefined) return;
  const ext = conn.kc.makeApiClient(ApiextensionsV1Api);
  await ext.createCustomResourceDefinition({
    body: {
      metadata: { name: `${plural}.${group}` },
      spec: {
        group,
        scope: 'Namespaced',
        names: { plural, singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: 'object', x_kubernetes_preserve_unknown_fields: true } },
          },
        ],
      },
    },
  });
  await eventually('the Widget CRD to be Established', 20_000, async () => {
    const crd = await ext.readCustomResourceDefinition({ name: `${plural}.${group}` });
    return crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') === true
      ? true
      : undefined;
  });
  const core = conn.kc.makeApiClient(CoreV1Api);
  for (const ns of [readable, hidden, editable]) await core.createNamespace({ body: { metadata: { name: ns } } });
  // readable: carol (by user name) may read widgets
  await grantRole(conn.kc, {
    namespace: readable,
    role: 'widget-reader',
    binding: 'carol-reads',
    rules: [{ apiGroups: [group], resources: [plural], verbs: ['get', 'list', 'watch'] }],
    subject: { kind: 'User', name: `opstudio:${carol.name}` },
  });
  // editable: the editor role's group may create widgets; viewers may not
  await grantRole(conn.kc, {
    namespace: editable,
    role: 'widget-editor',
    binding: 'editors-edit',
    rules: [{ apiGroups: [group], resources: [plural], verbs: ['get', 'list', 'create'] }],
    subject: { kind: 'Group', name: 'opstudio:editor' },
  });
  const admin = conn.kc.makeApiClient(CustomObjectsApi);
  await admin.createNamespacedCustomObject({ group, version: 'v1', namespace: readable, plural, body: widget('seen') });
  await admin.createNamespacedCustomObject({ group, version: 'v1', namespace: hidden, plural, body: widget('secret') });
});

after(async () => {
  if (conn === undefined) return;
  const core = conn.kc.makeApiClient(CoreV1Api);
  for (const ns of [readable, hidden, editable]) await core.deleteNamespace({ name: ns }).catch(() => undefined);
  await conn.kc
    .makeApiClient(ApiextensionsV1Api)
    .deleteCustomResourceDefinition({ name: `${plural}.${group}` })
    .catch(() => undefined);
});

test(
  'through impersonation, a user RBAC forbids to create widgets is refused by the API server',
  { skip: skipWithoutCluster },
  async () => {
    assert.ok(conn);
    const asCarol = impersonatingKubeConfig(conn.kc, carol).makeApiClient(CustomObjectsApi);
    const listed = (await asCarol.listNamespacedCustomObject({
      group,
      version: 'v1',
      namespace: readable,
      plural,
    })) as { items: { metadata: { name: string } }[] };
    assert.deepEqual(
      listed.items.map((w) => w.metadata.name),
      ['seen'],
    );
    await assert.rejects(
      asCarol.createNamespacedCustomObject({ group, version: 'v1', namespace: readable, plural, body: widget('nope') }),
      (err) => {
        assert.equal(statusOf(err), 403);
        assert.match(String((err as Error).message), new RegExp(`opstudio:${carol.name}`));
        return true;
      },
    );
    await assert.rejects(
      asCarol.listNamespacedCustomObject({ group, version: 'v1', namespace: hidden, plural }),
      (err) => statusOf(err) === 403,
    );
    // the original config is untouched: the studio's own identity still creates
    await conn.kc
      .makeApiClient(CustomObjectsApi)
      .createNamespacedCustomObject({ group, version: 'v1', namespace: readable, plural, body: widget('by-studio') });
  },
);

test(
  'the role travels as the impersonated group: editors may create where their group is bound, viewers may not',
  { skip: skipWithoutCluster },
  async () => {
    assert.ok(conn);
    const asCarol = impersonatingKubeConfig(conn.kc, carol).makeApiClient(CustomObjectsApi);
    const made = (await asCarol.createNamespacedCustomObject({
      group,
      version: 'v1',
      namespace: editable,
      plural,
      body: widget('by-carol'),
    })) as { metadata: { name: string } };
    assert.equal(made.metadata.name, 'by-carol');
    const asVictor = impersonatingKubeConfig(conn.kc, victor).makeApiClient(CustomObjectsApi);
    await assert.rejects(
      asVictor.createNamespacedCustomObject({
        group,
        version: 'v1',
        namespace: editable,
        plural,
        body: widget('by-victor'),
      }),
      (err) => statusOf(err) === 403,
    );
  },
);

test(
  'SubjectAccessReview: yes where RBAC grants, no where it does not, cached briefly, and filters cache reads',
  { skip: skipWithoutCluster },
  async () => {
    assert.ok(conn);
    let now = 1_000_000;
    const reviewer = new AccessReviewer(conn.kc, { ttlMs: 5_000, now: () => now });
    const q = { verb: 'list', group, resource: plural };
    assert.equal(await reviewer.allowed(carol, { ...q, namespace: readable }), true);
    assert.equal(await reviewer.allowed(carol, { ...q, namespace: hidden }), false);
    assert.equal(await reviewer.allowed(carol, { ...q, verb: 'create', namespace: readable }), false);
    assert.equal(await reviewer.allowed(carol, { ...q, verb: 'create', namespace: editable }), true);
    assert.equal(await reviewer.allowed(victor, { ...q, verb: 'create', namespace: editable }), false);
    assert.equal(reviewer.requests, 5);
    await reviewer.allowed(carol, { ...q, namespace: readable });
    assert.equal(reviewer.requests, 5, 'a repeated question within the TTL is answered from the cache');
    now += 5_001;
    await reviewer.allowed(carol, { ...q, namespace: readable });
    assert.equal(reviewer.requests, 6, 'after the TTL the API server is asked again');

    const cached = [
      { metadata: { namespace: readable, name: 'seen' } },
      { metadata: { namespace: hidden, name: 'secret' } },
    ];
    const visible = await reviewer.filterReadable(
      carol,
      { group, resource: plural },
      cached,
      (w) => w.metadata.namespace,
    );
    assert.deepEqual(
      visible.map((w) => w.metadata.name),
      ['seen'],
    );
  },
);
