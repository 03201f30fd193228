/// <reference types="node" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { controllerReference, ownershipConflict } from './ownership';

const ref = (uid: string, controller = true) => ({
  apiVersion: 'web.example.com/v1alpha1',
  kind: 'WebApp',
  name: `cr-${uid}`,
  uid,
  controller,
});
const service = (...ownerReferences: ReturnType<typeof ref>[]) => ({
  kind: 'Service',
  metadata: { name: 'site-service', namespace: 'web', ownerReferences },
});

test('ownership: no controller, or ours: may be written', () => {
  assert.equal(ownershipConflict(service(), 'u1'), undefined);
  assert.equal(ownershipConflict(service(ref('u2', false)), 'u1'), undefined, 'a plain owner is no controller');
  assert.equal(ownershipConflict(service(ref('u1')), 'u1'), undefined);
  assert.equal(ownershipConflict({}, 'u1'), undefined);
});

test('ownership: controlled by another uid: a conflict naming the object and its controller', () => {
  const c = ownershipConflict(service(ref('u3', false), ref('u2')), 'u1');
  assert.equal(c?.controller.uid, 'u2');
  assert.equal(c?.message, 'Service web/site-service is controlled by WebApp cr-u2 (uid u2); left untouched');
  assert.equal(controllerReference(service(ref('u3', false), ref('u2')))?.uid, 'u2');
});

test('ownership: a cluster-scoped object is named without a namespace', () => {
  const c = ownershipConflict({ kind: 'ClusterRole', metadata: { name: 'r', ownerReferences: [ref('u2')] } }, 'u1');
  assert.match(c?.message ?? '', /^ClusterRole r is controlled by/);
});
