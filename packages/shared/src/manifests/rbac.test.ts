/// <reference types="node" />
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from '../testing/corpus';
import { parseDesign } from '../design/io';
import { generateRbac, markerComment, normalizeRules, rbacMarkers } from './rbac';

// config/rbac/role.yaml of kubebuilder's getting-started Memcached project (controller-gen's
// output for the tutorial's markers, which our Memcached design reproduces).
const TUTORIAL_ROLE = `---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: manager-role
rules:
- apiGroups:
  - ""
  resources:
  - pods
  verbs:
  - get
  - list
  - watch
- apiGroups:
  - apps
  resources:
  - deployments
  verbs:
  - create
  - delete
  - get
  - list
  - patch
  - update
  - watch
- apiGroups:
  - cache.example.com
  resources:
  - memcacheds
  verbs:
  - create
  - delete
  - get
  - list
  - patch
  - update
  - watch
- apiGroups:
  - cache.example.com
  resources:
  - memcacheds/finalizers
  verbs:
  - update
- apiGroups:
  - cache.example.com
  resources:
  - memcacheds/status
  verbs:
  - get
  - patch
  - update
- apiGroups:
  - events.k8s.io
  resources:
  - events
  verbs:
  - create
  - patch
`;

test('the Memcached ClusterRole equals the kubebuilder tutorial role.yaml', () => {
  const r = parseDesign(readFileSync(`${REPO_ROOT}/examples/memcached.design.yaml`, 'utf8'));
  assert.ok(r.ok);
  assert.equal(generateRbac(r.design), TUTORIAL_ROLE);
  assert.equal(
    markerComment(rbacMarkers(r.design)[0]!),
    '// +kubebuilder:rbac:groups=cache.example.com,resources=memcacheds,verbs=get;list;watch;create;update;patch;delete',
  );
});

test('rules merge like controller-gen: same verbs share resources, then groups; core becomes ""; * wins', () => {
  assert.deepEqual(
    normalizeRules([
      { groups: ['core'], resources: ['pods', 'services'], verbs: ['get'] },
      { groups: ['core'], resources: ['pods'], verbs: ['list'] },
      { groups: ['apps'], resources: ['services'], verbs: ['get'] },
      { groups: ['batch'], resources: ['jobs'], verbs: ['get', '*'] },
      { groups: [], resources: [], verbs: ['get'], urls: ['/metrics'] },
    ]),
    // sorted by controller-gen's key string "groups + resources + names + urls" ('&'-joined, byte order)
    [
      { nonResourceURLs: ['/metrics'], verbs: ['get'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
      { apiGroups: ['', 'apps'], resources: ['services'], verbs: ['get'] },
      { apiGroups: ['batch'], resources: ['jobs'], verbs: ['*'] },
    ],
  );
});
