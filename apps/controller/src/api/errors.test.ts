import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiException } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { KubeConfigError } from '../kube/kubeconfig';
import { KubeUnreachableError } from '../kube/probe';
import { kubeCausesOf, toTRPCError } from './errors';

const status = (code: number, reason: string, message: string, causes?: object[]) =>
  JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message, details: causes ? { causes } : {} });

test('a 404 Status becomes NOT_FOUND with the API server message', () => {
  const err = toTRPCError(new ApiException(404, 'Unknown API Status Code!', status(404, 'NotFound', 'namespaces "nope" not found'), {}));
  assert.equal(err.code, 'NOT_FOUND');
  assert.equal(err.message, 'namespaces "nope" not found');
});

test('a 409 conflict says what to do', () => {
  const err = toTRPCError(new ApiException(409, 'x', status(409, 'AlreadyExists', 'namespaces "a" already exists'), {}));
  assert.equal(err.code, 'CONFLICT');
  assert.match(err.message, /already exists \(.*try again\)/);
});

test('a server-side apply conflict says force takes the fields over, not reload', () => {
  const err = toTRPCError(new ApiException(409, 'x', status(409, 'Conflict', 'Apply failed with 1 conflict: conflict with "kubectl" using g/v1: .spec.size'), {}));
  assert.equal(err.code, 'CONFLICT');
  assert.match(err.message, /\.spec\.size \(pass force: true to take ownership of these fields\)$/);
});

test('a 403 names RBAC as the fix', () => {
  const err = toTRPCError(new ApiException(403, 'x', status(403, 'Forbidden', 'nodes is forbidden: User "u" cannot list resource "nodes"'), {}));
  assert.equal(err.code, 'FORBIDDEN');
  assert.match(err.message, /cannot list resource "nodes".*RBAC/);
});

test('a 422 keeps the field paths for the client', () => {
  const err = toTRPCError(
    new ApiException(422, 'x', status(422, 'Invalid', 'Memcached.cache.example.com "m" is invalid: spec.size: Invalid value: 0', [{ field: 'spec.size', message: 'Invalid value: 0: must be >= 1', reason: 'FieldValueInvalid' }]), {}),
  );
  assert.equal(err.code, 'UNPROCESSABLE_CONTENT');
  assert.deepEqual(kubeCausesOf(err), [{ field: 'spec.size', message: 'Invalid value: 0: must be >= 1' }]);
});

test('a 401 without a Status body still maps by HTTP code', () => {
  const err = toTRPCError(new ApiException(401, 'Unauthorized', undefined, {}));
  assert.equal(err.code, 'UNAUTHORIZED');
  assert.match(err.message, /credentials/);
});

test('an unreachable API server is SERVICE_UNAVAILABLE, whichever way it shows', () => {
  const refused = Object.assign(new Error('request to https://127.0.0.1:16443/api failed, reason: connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  assert.equal(toTRPCError(refused).code, 'SERVICE_UNAVAILABLE');
  assert.match(toTRPCError(refused).message, /cluster running/);
  assert.equal(toTRPCError(new KubeUnreachableError('cannot reach …')).code, 'SERVICE_UNAVAILABLE');
});

test('a bad kubeconfig is PRECONDITION_FAILED with its own message', () => {
  const err = toTRPCError(new KubeConfigError('cannot read kubeconfig /x (ENOENT): check the path'));
  assert.equal(err.code, 'PRECONDITION_FAILED');
  assert.equal(err.message, 'cannot read kubeconfig /x (ENOENT): check the path');
});

test('Prisma errors map by their code', () => {
  const unique = Object.assign(new Error('Unique constraint failed on the fields: (`name`)'), { name: 'PrismaClientKnownRequestError', code: 'P2002' });
  assert.equal(toTRPCError(unique).code, 'CONFLICT');
  const missing = Object.assign(new Error('No record was found'), { name: 'PrismaClientKnownRequestError', code: 'P2025' });
  assert.equal(toTRPCError(missing).code, 'NOT_FOUND');
});

test('a TRPCError passes through untouched; anything else is INTERNAL with its first line', () => {
  const mine = new TRPCError({ code: 'BAD_REQUEST', message: 'no' });
  assert.equal(toTRPCError(mine), mine);
  const other = toTRPCError(new Error('boom\nstack-ish detail'));
  assert.equal(other.code, 'INTERNAL_SERVER_ERROR');
  assert.equal(other.message, 'boom');
});

test("server-side apply's 500 for fields the schema does not declare is the request's fault: BAD_REQUEST", () => {
  const err = toTRPCError(new ApiException(500, 'x', status(500, 'InternalError', 'failed to create typed patch object (ns/a; g/v1, Kind=Widget): .spec.x: field not declared in schema'), {}));
  assert.equal(err.code, 'BAD_REQUEST');
  assert.match(err.message, /field not declared in schema \(remove the fields the kind's schema does not declare\)$/);
  assert.equal(toTRPCError(new ApiException(500, 'x', status(500, 'InternalError', 'etcdserver: request timed out'), {})).code, 'INTERNAL_SERVER_ERROR');
});
