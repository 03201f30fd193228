import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { KubeConfig } from '@kubernetes/client-node';
import { toTRPCError } from '../api/errors';
import { ForbiddenError } from '../errors';
import { KubeApiError } from '../kube/errors';
import { roleNeededFor } from '../api/access-answers';
import type { AccessReviewer } from './access-review';
import { KubeIdentities } from './impersonation';
import { describeAccess, kubeRefusal } from './kube-authority';
import { LOCAL_ADMIN } from './roles';

const kc = {} as KubeConfig;
const bob = { id: 'u1', name: 'bob', role: 'editor' } as const;
const multi = new KubeIdentities(kc, undefined, { impersonate: true });
const single = new KubeIdentities(kc, undefined, { impersonate: false });
// kubeRefusal only words an error: it never asks the reviewer (reviews run for real in rbac.int.test.ts)
const noReviews = {} as AccessReviewer;

test('who acts as itself: everyone in single-user mode, only the local admin in multi-user mode', () => {
  assert.equal(single.actsAsItself(bob), true);
  assert.equal(single.forUser(bob), kc);
  assert.equal(multi.actsAsItself(bob), false);
  assert.notEqual(multi.forUser(bob), kc);
  assert.equal(multi.forUser(bob), multi.forUser(bob), 'one KubeConfig per user and role');
  assert.equal(multi.actsAsItself(LOCAL_ADMIN), true);
  assert.deepEqual(multi.identityOf(bob), { user: 'opstudio:bob', groups: ['opstudio:editor'] });
});

test("an RBAC 403 names user, group, verb, resource and namespace; the API server's own words win over the guess", () => {
  const said =
    'memcacheds.cache.example.com "m" is forbidden: User "opstudio:bob" cannot delete resource "memcacheds" in API group "cache.example.com" in the namespace "b"';
  const err = kubeRefusal(
    new KubeApiError({ code: 403, status: { kind: 'Status', message: said } }),
    { identities: multi, access: noReviews },
    bob,
    { verb: 'create', group: 'x', resource: 'y' },
  );
  assert.ok(err instanceof ForbiddenError && toTRPCError(err).code === 'FORBIDDEN');
  assert.equal(
    err.message,
    'Kubernetes RBAC does not let opstudio:bob (group opstudio:editor) delete memcacheds.cache.example.com in namespace b: ask a cluster admin to bind a Role granting it to user opstudio:bob or group opstudio:editor',
  );
  const terminating = kubeRefusal(
    new KubeApiError({
      code: 403,
      status: { kind: 'Status', message: 'unable to create new content in namespace b because it is being terminated' },
    }),
    { identities: multi, access: noReviews },
    bob,
    { verb: 'create', group: 'g', resource: 'r' },
  );
  assert.ok(terminating instanceof ForbiddenError && /being terminated/.test(terminating.message));
  const other = new Error('boom');
  assert.equal(
    kubeRefusal(other, { identities: multi, access: noReviews }, bob, { verb: 'create', group: 'g', resource: 'r' }),
    other,
  );
  assert.equal(describeAccess({ verb: 'list', group: '', resource: 'pods' }), 'list pods cluster-wide');
});

test('the role asked before RBAC mirrors the procedure types', () => {
  assert.equal(roleNeededFor({ verb: 'list', group: 'g', resource: 'r' }), 'viewer');
  assert.equal(roleNeededFor({ verb: 'create', group: 'g', resource: 'r' }), 'editor');
  assert.equal(
    roleNeededFor({ verb: 'delete', group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' }),
    'admin',
  );
  assert.equal(
    roleNeededFor({ verb: 'get', group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' }),
    'viewer',
  );
});
