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

test('ownership: controlled by this owner: may be written', () => {
  assert.equal(ownershipConflict(service(ref('u1')), 'u1'), undefined);
  assert.equal(ownershipConflict(service(ref('u3', false), ref('u1')), 'u1'), undefined);
});

test('ownership: no controller: AlreadyExists unless the child adopts', () => {
  for (const o of [service(), service(ref('u2', false)), {}]) {
    const c = ownershipConflict(o, 'u1');
    assert.equal(c?.reason, 'AlreadyExists', 'an object nobody controls is not taken over by default');
    assert.equal(ownershipConflict(o, 'u1', true), undefined, 'adopt: true takes it');
  }
  assert.equal(
    ownershipConflict(service(), 'u1')?.message,
    'Service web/site-service already exists and was not created for this resource; left untouched (a child with adopt: true takes over such an object)',
  );
});

test('ownership: controlled by another uid: AlreadyOwned naming the object and its controller, adopt or not', () => {
  for (const adopt of [false, true]) {
    const c = ownershipConflict(service(ref('u3', false), ref('u2')), 'u1', adopt);
    assert.equal(c?.reason, 'AlreadyOwned');
    assert.equal(c?.controller?.uid, 'u2');
    assert.equal(c?.message, 'Service web/site-service is controlled by WebApp cr-u2 (uid u2); left untouched');
  }
  assert.equal(controllerReference(service(ref('u3', false), ref('u2')))?.uid, 'u2');
});

test('ownership: a cluster-scoped object is named without a namespace', () => {
  const c = ownershipConflict({ kind: 'ClusterRole', metadata: { name: 'r', ownerReferences: [ref('u2')] } }, 'u1');
  assert.match(c?.message ?? '', /^ClusterRole r is controlled by/);
  assert.match(
    ownershipConflict({ kind: 'Namespace', metadata: { name: 'victim-ns' } }, 'u1')?.message ?? '',
    /^Namespace victim-ns already exists/,
  );
});
