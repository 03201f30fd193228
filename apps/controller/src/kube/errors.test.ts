import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiException } from '@kubernetes/client-node';
import { asKubeApiError, isNotFound, KubeApiError, kubeStatusCode } from './errors';

test('the message: the call in words when given, else the Status message, else verb, path and status', () => {
  const modified = { kind: 'Status', message: 'the object has been modified' };
  assert.equal(
    new KubeApiError({ code: 409, status: modified, what: 'apply Deployment s' }).message,
    'apply Deployment s: the object has been modified (409)',
  );
  assert.equal(new KubeApiError({ code: 504, what: 'list pods' }).message, 'list pods: HTTP 504 (504)');
  assert.equal(
    new KubeApiError({ code: 409, status: modified, request: { verb: 'PATCH', path: '/x' } }).message,
    'the object has been modified',
  );
  assert.equal(
    new KubeApiError({ code: 403, request: { verb: 'PATCH', path: '/x' } }).message,
    'PATCH /x answered HTTP 403',
  );
});

test("client-node's ApiException becomes a KubeApiError with its Status, status code and Retry-After", () => {
  const body = JSON.stringify({
    kind: 'Status',
    reason: 'Invalid',
    message: 'bad',
    details: { causes: [{ field: 'spec.size', message: 'too big' }] },
  });
  const converted = asKubeApiError(new ApiException(422, 'x', body, { 'retry-after': '2' }));
  assert.ok(converted instanceof KubeApiError);
  assert.deepEqual(
    [converted.code, converted.reason, converted.message, converted.causes, converted.retryAfter],
    [422, 'Invalid', 'bad', [{ field: 'spec.size', message: 'too big' }], 2],
  );
  assert.equal(asKubeApiError(new ApiException(401, 'Unauthorized', undefined, {}))?.status, undefined);
  assert.equal(asKubeApiError(new Error('ECONNREFUSED')), undefined);
  assert.equal(isNotFound(new ApiException(404, 'x', '', {})), true);
  assert.equal(isNotFound(new KubeApiError({ code: 404 })), true);
  assert.equal(kubeStatusCode(new Error('x')), undefined);
});
