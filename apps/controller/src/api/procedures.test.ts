// How every procedure of the whole router reaches the cluster, read from the router itself: the
// tag comes from its procedure type (api/procedures.ts), so a procedure of a cluster noun built on
// plain viewerProcedure (tag `none`) fails here, and a new procedure fails until someone decides.
// Then the access types themselves, on the real router with fake services.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubeConfig } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { KubeIdentities, LOCAL_ADMIN } from '../auth';
import type { AccessQuestion, AccessReviewer, StudioUser } from '../auth';
import { KubeApiError } from '../kube/errors';
import type { RequestContext } from './context';
import { appRouter, createCaller } from './root';
import type { KubeAccess, ProcedureMeta } from './trpc';

const expected: Record<string, KubeAccess> = {
  'access.can': 'user',
  'access.check': 'user',
  'audit.list': 'none',
  'cluster.contexts': 'metadata',
  'cluster.defaultContext': 'metadata',
  'cluster.info': 'metadata',
  'cluster.kindSchema': 'user',
  'controllers.handOff': 'metadata',
  'controllers.list': 'metadata',
  'controllers.pause': 'metadata',
  'controllers.resume': 'metadata',
  'crds.diff': 'metadata',
  'crds.get': 'metadata',
  'crds.impact': 'user',
  'crds.install': 'write',
  'crds.list': 'metadata',
  'crds.uninstall': 'write',
  'designs.delete': 'none',
  'designs.get': 'none',
  'designs.history': 'none',
  'designs.list': 'none',
  'designs.save': 'none',
  'designs.updatePatch': 'none',
  'history.failures': 'user',
  'history.runs': 'user',
  'live.subscribe': 'user',
  'metrics.kind': 'metadata',
  'migration.status': 'user',
  'migration.step': 'write',
  'podLogs.containers': 'read',
  'podLogs.follow': 'read',
  'podLogs.read': 'read',
  'resources.create': 'write',
  'resources.delete': 'write',
  'resources.get': 'read',
  'resources.kinds': 'metadata',
  'resources.list': 'read',
  'resources.overview': 'user',
  'resources.search': 'user',
  'rollouts.finish': 'write',
  'rollouts.get': 'metadata',
  'rollouts.rollback': 'write',
  'rollouts.start': 'write',
  'resources.patch': 'write',
  'users.create': 'none',
  'users.delete': 'none',
  'users.list': 'none',
  'users.setPassword': 'none',
  'users.setRole': 'none',
};

/** Every procedure of these nouns reads or changes the cluster: none may skip the access types. */
const clusterNouns = new Set([
  'access',
  'cluster',
  'controllers',
  'crds',
  'history',
  'live',
  'migration',
  'podLogs',
  'resources',
  'rollouts',
]);

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>,
);

test('the table covers every procedure of the router', () => {
  assert.deepEqual(procedures.map(([path]) => path).sort(), Object.keys(expected).sort());
});

test('every procedure reaches the cluster as its procedure type says, and as the table expects', () => {
  for (const [path, procedure] of procedures) assert.equal(procedure._def.meta?.kube, expected[path], path);
});

test('no procedure of a cluster noun is built on a procedure type that does not reach the cluster', () => {
  for (const [path, procedure] of procedures) {
    if (clusterNouns.has(path.split('.')[0] ?? ''))
      assert.notEqual(procedure._def.meta?.kube, 'none', `${path} must use an access type (api/procedures.ts)`);
  }
});

// --- the access types on the real router, with fake services ---

const bob: StudioUser = { id: 'u1', name: 'bob', role: 'editor' };
const ref = { group: 'cache.example.com', version: 'v1alpha1', plural: 'memcacheds', namespace: 'b' };
const refused =
  'memcacheds.cache.example.com "m" is forbidden: User "opstudio:bob" cannot patch resource "memcacheds" in API group "cache.example.com" in the namespace "b"';

function fakeContext(user: StudioUser, allowed: (q: AccessQuestion) => boolean) {
  const calls: {
    service: string[];
    reviews: AccessQuestion[];
    audit: { action: string; result: string; error?: string | undefined; cluster?: string | undefined }[];
  } = { service: [], reviews: [], audit: [] };
  const access = {
    allowed: (_user: StudioUser, q: AccessQuestion) => {
      calls.reviews.push(q);
      return Promise.resolve(allowed(q));
    },
  } as unknown as AccessReviewer;
  const resources = {
    get: () => (calls.service.push('get'), Promise.resolve({ metadata: { name: 'm' } })),
    list: (_ref: unknown, reader: unknown) => (
      calls.service.push(reader === undefined ? 'list' : 'list(narrowed)'),
      Promise.resolve({ kind: 'Memcached', resourceVersion: '1', items: [] })
    ),
    patch: () => {
      calls.service.push('patch');
      return Promise.reject(new KubeApiError({ code: 403, status: { kind: 'Status', message: refused } }));
    },
  };
  const audit = {
    record: (entry: { action: string; result: string; error?: string; cluster?: string }) => (
      calls.audit.push(entry),
      Promise.resolve()
    ),
  };
  const identities = new KubeIdentities({} as KubeConfig, undefined, { impersonate: true });
  // the cluster the request was served for: the audit entry of a write names its context
  const cluster = { conn: { contextName: 'admin@prod' } };
  const ctx = { user, identities, access, resources, audit, cluster } as unknown as RequestContext;
  return { api: createCaller(ctx), calls };
}

const forbidden = (message: RegExp) => (err: unknown) =>
  err instanceof TRPCError && err.code === 'FORBIDDEN' && message.test(err.message);

test('a read RBAC refuses is FORBIDDEN before the service is asked; the studio itself is not reviewed', async () => {
  const denied = fakeContext(bob, () => false);
  await assert.rejects(
    denied.api.resources.get({ ...ref, name: 'm' }),
    forbidden(
      /^Kubernetes RBAC does not let opstudio:bob \(group opstudio:editor\) get memcacheds\.cache\.example\.com "m" in namespace b: /,
    ),
  );
  assert.deepEqual(denied.calls.service, []);
  assert.deepEqual(denied.calls.reviews, [
    { verb: 'get', group: 'cache.example.com', resource: 'memcacheds', namespace: 'b', name: 'm' },
  ]);
  await assert.rejects(
    denied.api.resources.list(ref),
    forbidden(/list memcacheds\.cache\.example\.com in namespace b/),
  );

  const admin = fakeContext(LOCAL_ADMIN, () => false);
  await admin.api.resources.get({ ...ref, name: 'm' });
  assert.deepEqual([admin.calls.service, admin.calls.reviews], [['get'], []]);
});

test('a list across all namespaces is not refused: the service gets the user to narrow the rows', async () => {
  const { api, calls } = fakeContext(bob, () => false);
  await api.resources.list({ group: ref.group, version: ref.version, plural: ref.plural });
  assert.deepEqual([calls.service, calls.reviews], [['list(narrowed)'], []]);
});

test("a write's 403 is worded for the user, once, and audited as denied under the procedure's path", async () => {
  const { api, calls } = fakeContext(bob, () => true);
  const message =
    'Kubernetes RBAC does not let opstudio:bob (group opstudio:editor) patch memcacheds.cache.example.com in namespace b: ask a cluster admin to bind a Role granting it to user opstudio:bob or group opstudio:editor';
  await assert.rejects(
    api.resources.patch({ ...ref, name: 'm', strategy: 'merge', patch: { spec: { size: 2 } } }),
    (err: unknown) => err instanceof TRPCError && err.code === 'FORBIDDEN' && err.message === message,
  );
  assert.deepEqual(calls.service, ['patch']);
  assert.deepEqual(
    calls.audit.map((e) => [e.action, e.result, e.error, e.cluster]),
    [['resources.patch', 'denied', message, 'admin@prod']],
  );
});
