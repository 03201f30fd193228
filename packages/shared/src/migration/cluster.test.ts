/// <reference types="node" />
// The cluster's own storage migrator as the studio reads it (docs/design/0054): one
// StorageVersionMigration per migration, found again by name; its conditions in words; the count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crd, version } from '../crd/diff-fixtures';
import type { CustomResourceDefinition } from '../crd/types';
import { DNS1123_SUBDOMAIN, DNS1123_SUBDOMAIN_MAX } from '../kube/names';
import { clusterMigration, clusterMigrationName, clusterMigrationState, migratedSince } from './cluster';

function moved(name: string, uid: string, storage = 'v1'): CustomResourceDefinition {
  return crd({}, (c) => {
    c.metadata.name = name;
    c.metadata.uid = uid;
    c.spec.versions = [
      version('v1alpha1', {}, { storage: storage === 'v1alpha1' }),
      version('v1', {}, { storage: storage === 'v1' }),
    ];
    c.status = { storedVersions: ['v1alpha1', 'v1'] };
  });
}

test('one migration, one name: the same for the same CRD and versions, another for the next migration', () => {
  const a = clusterMigrationName(moved('widgets.example.com', 'u1'));
  assert.match(a, /^widgets\.example\.com-to-v1-[0-9a-f]{8}$/);
  assert.equal(clusterMigrationName(moved('widgets.example.com', 'u1')), a);
  assert.notEqual(clusterMigrationName(moved('widgets.example.com', 'u2')), a, 'a CRD made again');
  assert.notEqual(clusterMigrationName(moved('widgets.example.com', 'u1', 'v1alpha1')), a, 'back the other way');
  const long = clusterMigrationName(
    moved(`${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.io`, 'u1'),
  );
  assert.ok(long.length <= DNS1123_SUBDOMAIN_MAX && DNS1123_SUBDOMAIN.test(long), long);
  const svm = clusterMigration(moved('widgets.example.com', 'u1'));
  assert.deepEqual(svm.spec, { resource: { group: 'cache.example.com', resource: 'memcacheds' } }, 'the fixture kind');
  assert.equal(svm.apiVersion, 'storagemigration.k8s.io/v1beta1');
});

test("the cluster's migration in words, from its conditions", () => {
  const at = (...conditions: { type: string; status: string; message?: string }[]) =>
    clusterMigrationState({ metadata: { name: 'm' }, status: { conditions } });
  assert.equal(at().state, 'pending');
  assert.equal(at({ type: 'Running', status: 'True' }).words, "the cluster's migration is running");
  assert.equal(at({ type: 'Running', status: 'False' }, { type: 'Succeeded', status: 'True' }).state, 'succeeded');
  assert.equal(
    at({ type: 'Failed', status: 'True', message: 'resource does not exist in GC' }).words,
    "the cluster's migration failed: resource does not exist in GC",
  );
});

test('objects written after the migration began count as migrated', () => {
  assert.equal(migratedSince(['90', '100', '101', '250'], '100'), 2);
  assert.equal(migratedSince(['90', '101'], undefined), 0, 'before the migration has a resourceVersion');
});
