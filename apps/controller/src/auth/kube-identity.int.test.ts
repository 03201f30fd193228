// Kubernetes RBAC stays the authority: against the real sandbox API server, with real Roles and
// RoleBindings, a studio user acting through impersonation gets exactly what RBAC grants its
// `opstudio:<name>` user and `opstudio:<role>` group (an OIDC account: its `oidc:<group>` groups
// too, each its own header line), and SubjectAccessReviews agree.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { after, before, test } from 'node:test';
import { ApiextensionsV1Api, AuthenticationV1Api, CoreV1Api, CustomObjectsApi } from '@kubernetes/client-node';
import type { KubeConfig } from '@kubernetes/client-node';
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
// an OIDC account: a viewer whose provider group (the 2nd of its mapped groups) may read the hidden namespace
const olga = {
  name: `oidc:olga-${id}@example.com`,
  role: 'viewer' as const,
  kubeGroups: [`oidc:devs-${id}`, `oidc:team-${id}`],
};

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
  await grantRole(conn.kc, {
    namespace: hidden,
    role: 'widget-reader',
    binding: 'oidc-team-reads',
    rules: [{ apiGroups: [group], resources: [plural], verbs: ['get', 'list'] }],
    subject: { kind: 'Group', name: `oidc:team-${id}` },
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

/** Who the API server says the raw-request path (watches, the JSON client) acts as. */
async function selfReviewOverHttps(kc: KubeConfig): Promise<{ username?: string; groups?: string[] }> {
  const url = new URL(`${kc.getCurrentCluster()?.server ?? ''}/apis/authentication.k8s.io/v1/selfsubjectreviews`);
  const opts: https.RequestOptions = { method: 'POST', headers: { 'content-type': 'application/json' } };
  await kc.applyToHTTPSOptions(opts);
  const body = await new Promise<string>((resolve, reject) => {
    const req = https.request(url, opts, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' }));
  });
  return (JSON.parse(body) as { status: { userInfo: { username?: string; groups?: string[] } } }).status.userInfo;
}

test(
  'an OIDC account acts as oidc:<name> with its role group and every mapped provider group, on both request paths',
  { skip: skipWithoutCluster },
  async () => {
    assert.ok(conn);
    const kc = impersonatingKubeConfig(conn.kc, olga);
    const expected = ['opstudio:viewer', `oidc:devs-${id}`, `oidc:team-${id}`, 'system:authenticated'];
    const review = await kc.makeApiClient(AuthenticationV1Api).createSelfSubjectReview({
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
    });
    assert.equal(review.status?.userInfo?.username, olga.name);
    assert.deepEqual(review.status?.userInfo?.groups, expected, 'each group on its own header line, none joined');
    const raw = await selfReviewOverHttps(kc);
    assert.equal(raw.username, olga.name);
    assert.deepEqual(raw.groups, expected);
    // RBAC bound to the provider group applies, to real requests and to reviews alike
    const listed = (await kc
      .makeApiClient(CustomObjectsApi)
      .listNamespacedCustomObject({ group, version: 'v1', namespace: hidden, plural })) as {
      items: { metadata: { name: string } }[];
    };
    assert.deepEqual(
      listed.items.map((w) => w.metadata.name),
      ['secret'],
    );
    const reviewer = new AccessReviewer(conn.kc);
    assert.equal(await reviewer.allowed(olga, { verb: 'list', group, resource: plural, namespace: hidden }), true);
    assert.equal(await reviewer.allowed(olga, { verb: 'list', group, resource: plural, namespace: readable }), false);
  },
);
