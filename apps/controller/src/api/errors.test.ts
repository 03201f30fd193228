import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiException } from '@kubernetes/client-node';
import { TRPCError } from '@trpc/server';
import { InvalidNameError } from '../auth/names';
import { AuthError } from '../auth/service';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PreconditionError,
  TimedOutError,
  UnauthenticatedError,
  UnprocessableError,
} from '../errors';
import { KubeApiError } from '../kube/errors';
import { KubeConfigError } from '../kube/kubeconfig';
import { KubeUnreachableError } from '../kube/probe';
import { failureOf, fieldCausesOf, toTRPCError } from './errors';

const status = (code: number, reason: string, message: string, causes?: object[]) =>
  JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    status: 'Failure',
    code,
    reason,
    message,
    details: causes ? { causes } : {},
  });

test('a 404 Status becomes NOT_FOUND with the API server message', () => {
  const err = toTRPCError(
    new ApiException(404, 'Unknown API Status Code!', status(404, 'NotFound', 'namespaces "nope" not found'), {}),
  );
  assert.equal(err.code, 'NOT_FOUND');
  assert.equal(err.message, 'namespaces "nope" not found');
});

test('a 409 conflict says what to do', () => {
  const err = toTRPCError(
    new ApiException(409, 'x', status(409, 'AlreadyExists', 'namespaces "a" already exists'), {}),
  );
  assert.equal(err.code, 'CONFLICT');
  assert.match(err.message, /already exists \(.*try again\)/);
});

test('a server-side apply conflict says force takes the fields over, not reload', () => {
  const err = toTRPCError(
    new ApiException(
      409,
      'x',
      status(409, 'Conflict', 'Apply failed with 1 conflict: conflict with "kubectl" using g/v1: .spec.size'),
      {},
    ),
  );
  assert.equal(err.code, 'CONFLICT');
  assert.match(err.message, /\.spec\.size \(pass force: true to take ownership of these fields\)$/);
});

test('a 403 names RBAC as the fix', () => {
  const err = toTRPCError(
    new ApiException(
      403,
      'x',
      status(403, 'Forbidden', 'nodes is forbidden: User "u" cannot list resource "nodes"'),
      {},
    ),
  );
  assert.equal(err.code, 'FORBIDDEN');
  assert.match(err.message, /cannot list resource "nodes".*RBAC/);
});

test('a 422 keeps the field paths for the client', () => {
  const err = toTRPCError(
    new ApiException(
      422,
      'x',
      status(422, 'Invalid', 'Memcached.cache.example.com "m" is invalid: spec.size: Invalid value: 0', [
        { field: 'spec.size', message: 'Invalid value: 0: must be >= 1', reason: 'FieldValueInvalid' },
      ]),
      {},
    ),
  );
  assert.equal(err.code, 'UNPROCESSABLE_CONTENT');
  assert.deepEqual(fieldCausesOf(err), [{ field: 'spec.size', message: 'Invalid value: 0: must be >= 1' }]);
});

test('a 401 without a Status body still maps by HTTP code', () => {
  const err = toTRPCError(new ApiException(401, 'Unauthorized', undefined, {}));
  assert.equal(err.code, 'UNAUTHORIZED');
  assert.match(err.message, /credentials/);
});

test('an unreachable API server is SERVICE_UNAVAILABLE, whichever way it shows', () => {
  const refused = Object.assign(
    new Error('request to https://127.0.0.1:16443/api failed, reason: connect ECONNREFUSED'),
    { code: 'ECONNREFUSED' },
  );
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
  const unique = Object.assign(new Error('Unique constraint failed on the fields: (`name`)'), {
    name: 'PrismaClientKnownRequestError',
    code: 'P2002',
  });
  assert.equal(toTRPCError(unique).code, 'CONFLICT');
  const missing = Object.assign(new Error('No record was found'), {
    name: 'PrismaClientKnownRequestError',
    code: 'P2025',
  });
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
  const err = toTRPCError(
    new ApiException(
      500,
      'x',
      status(
        500,
        'InternalError',
        'failed to create typed patch object (ns/a; g/v1, Kind=Widget): .spec.x: field not declared in schema',
      ),
      {},
    ),
  );
  assert.equal(err.code, 'BAD_REQUEST');
  assert.match(err.message, /field not declared in schema \(remove the fields the kind's schema does not declare\)$/);
  assert.equal(
    toTRPCError(new ApiException(500, 'x', status(500, 'InternalError', 'etcdserver: request timed out'), {})).code,
    'INTERNAL_SERVER_ERROR',
  );
});

test("KubeJson's refusal and client-node's ApiException get the same answer: one shape", () => {
  const body = { kind: 'Status', code: 409, reason: 'AlreadyExists', message: 'namespaces "a" already exists' };
  const fromJson = toTRPCError(
    new KubeApiError({ code: 409, status: body, request: { verb: 'POST', path: '/api/v1/namespaces' } }),
  );
  const fromTyped = toTRPCError(new ApiException(409, 'x', JSON.stringify(body), {}));
  assert.deepEqual([fromJson.code, fromJson.message], [fromTyped.code, fromTyped.message]);
  assert.ok(fromTyped.cause instanceof KubeApiError, 'converted at the kube/ boundary');
});

test('each domain error has one code, its message as is, and its field causes for the client', () => {
  const table = [
    [new InvalidInputError('a design needs a name: type one and save again'), 'BAD_REQUEST'],
    [new UnprocessableError('the API server refused the CRD of d (dry run)'), 'UNPROCESSABLE_CONTENT'],
    [new NotFoundError('no design with id "x"'), 'NOT_FOUND'],
    [new ConflictError('a design named "a" already exists'), 'CONFLICT'],
    [new PreconditionError('uninstall it first'), 'PRECONDITION_FAILED'],
    [new UnauthenticatedError('sign in first'), 'UNAUTHORIZED'],
    [new ForbiddenError('your role (viewer) cannot do this'), 'FORBIDDEN'],
    [new TimedOutError('CRD x is not gone after 30 s'), 'TIMEOUT'],
  ] as const;
  for (const [err, code] of table)
    assert.deepEqual([toTRPCError(err).code, toTRPCError(err).message, failureOf(err).code], [code, err.message, code]);
  const invalid = toTRPCError(
    new InvalidInputError('invalid design; fix it and save again', [
      { field: 'crd.scope', message: 'must be Namespaced or Cluster' },
      { field: '', message: 'too long' },
    ]),
  );
  assert.equal(
    invalid.message,
    'invalid design; fix it and save again: crd.scope: must be Namespaced or Cluster; too long',
  );
  assert.deepEqual(fieldCausesOf(invalid), [
    { field: 'crd.scope', message: 'must be Namespaced or Cluster' },
    { field: '', message: 'too long' },
  ]);
  assert.equal(fieldCausesOf(toTRPCError(new NotFoundError('x'))), undefined);
});

test('account errors become tRPC codes a client can act on', () => {
  const exists = toTRPCError(new AuthError('exists', 'user "a" already exists'));
  assert.ok(exists.code === 'CONFLICT' && /already exists/.test(exists.message));
  assert.equal(toTRPCError(new AuthError('not-found', 'no user "b"')).code, 'NOT_FOUND');
  assert.equal(toTRPCError(new AuthError('rate-limited', 'too many attempts')).code, 'TOO_MANY_REQUESTS');
  assert.equal(toTRPCError(new AuthError('invalid-credentials', 'wrong name or password')).code, 'UNAUTHORIZED');
  assert.equal(toTRPCError(new InvalidNameError('invalid user name')).code, 'BAD_REQUEST');
});
