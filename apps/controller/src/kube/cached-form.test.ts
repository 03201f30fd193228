import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesObject } from '@kubernetes/client-node';
import { cachedForm, eventSummaryForm, withoutManagedFields } from './cached-form';
import { DEPLOYMENTS, EVENTS, PODS } from './resource-spec';

const deployment: KubernetesObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'm',
    namespace: 'ns',
    uid: 'u',
    resourceVersion: '7',
    labels: { a: 'b' },
    managedFields: [{ manager: 'operator-studio', operation: 'Apply', fieldsV1: { 'f:spec': {} } }],
  },
};

test('cached objects lose metadata.managedFields and keep everything else', () => {
  const out = withoutManagedFields(deployment);
  assert.equal('managedFields' in (out.metadata ?? {}), false);
  assert.deepEqual(out.metadata?.labels, { a: 'b' });
  assert.equal(out.metadata?.resourceVersion, '7');
  assert.ok(deployment.metadata?.managedFields, 'the input is not changed');
  const bare = { metadata: { name: 'x' } };
  assert.equal(withoutManagedFields(bare), bare, 'nothing to drop: the same object');
});

test('Events keep what the events topic summarizes and the object they are about', () => {
  const event = {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: {
      name: 'e',
      namespace: 'ns',
      uid: 'eu',
      resourceVersion: '9',
      creationTimestamp: '2026-01-01T00:00:00Z',
      managedFields: [{}],
    },
    type: 'Normal',
    reason: 'Created',
    action: 'Create',
    note: 'Created Deployment m',
    regarding: { kind: 'Memcached', name: 'm', uid: 'cu', apiVersion: 'x/v1', namespace: 'ns', resourceVersion: '3' },
    related: { kind: 'Deployment', name: 'm' },
    series: { count: 2, lastObservedTime: '2026-01-01T00:01:00Z' },
    eventTime: '2026-01-01T00:00:00.000000Z',
    reportingController: 'operator-studio',
    reportingInstance: 'host_1',
    deprecatedSource: { component: 'studio', host: 'h' },
  } as unknown as KubernetesObject;
  assert.deepEqual(eventSummaryForm(event), {
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    metadata: {
      name: 'e',
      namespace: 'ns',
      uid: 'eu',
      resourceVersion: '9',
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
    type: 'Normal',
    reason: 'Created',
    action: 'Create',
    note: 'Created Deployment m',
    regarding: { kind: 'Memcached', name: 'm', uid: 'cu' },
    series: { count: 2, lastObservedTime: '2026-01-01T00:01:00Z' },
    eventTime: '2026-01-01T00:00:00.000000Z',
    reportingController: 'operator-studio',
    deprecatedSource: { component: 'studio' },
  });
});

test('the form follows the spec: Events summarized, every other kind without managedFields', () => {
  assert.equal(cachedForm(EVENTS), eventSummaryForm);
  assert.equal(cachedForm(DEPLOYMENTS), withoutManagedFields);
  assert.equal(cachedForm(PODS), withoutManagedFields);
});
