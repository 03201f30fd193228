/// <reference types="node" />
// The storage migration's steps (docs/design/0054): where a CRD stands after v1alpha1 → v1 became
// the storage version, what each step's check refuses, and what a resumed pass still rewrites.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crd, version } from '../crd/diff-fixtures';
import type { CustomResourceDefinition } from '../crd/types';
import {
  beginPass,
  checkStep,
  MIGRATION_ANNOTATION,
  migrationStatus,
  passVersion,
  pendingObjects,
  type Checkpoint,
} from './plan';

/** v1alpha1 served and no longer the storage version; v1 stores; storedVersions as given. */
function twoVersions(stored: string[], cp?: Partial<Checkpoint>, alpha = { served: true }): CustomResourceDefinition {
  return crd({}, (c) => {
    c.spec.versions = [version('v1alpha1', {}, { storage: false, ...alpha }), version('v1', {})];
    c.status = { storedVersions: stored };
    if (cp !== undefined)
      c.metadata.annotations = {
        [MIGRATION_ANNOTATION]: JSON.stringify({
          to: 'v1',
          from: ['v1alpha1'],
          sinceRV: '100',
          after: '',
          done: 0,
          total: 0,
          finished: false,
          ...cp,
        }),
      };
  });
}

test('each stage of the migration is the step the page shows', () => {
  const cases: [string, CustomResourceDefinition, string, string[]][] = [
    ['nothing ever stored elsewhere', twoVersions(['v1']), 'done', []],
    ['a new storage version', twoVersions(['v1alpha1', 'v1']), 'migrate', ['v1alpha1']],
    ['half-way', twoVersions(['v1alpha1', 'v1'], { done: 300, total: 1000 }), 'migrate', ['v1alpha1']],
    ['migrated', twoVersions(['v1alpha1', 'v1'], { done: 1000, total: 1000, finished: true }), 'trim', ['v1alpha1']],
    ['trimmed', twoVersions(['v1'], { finished: true }), 'unserve', ['v1alpha1']],
    ['unserved', twoVersions(['v1'], { finished: true }, { served: false }), 'remove', ['v1alpha1']],
  ];
  for (const [name, c, step, versions] of cases) {
    const s = migrationStatus(c);
    assert.equal(s.step, step, name);
    assert.deepEqual(s.versions, versions, name);
  }
  const removed = twoVersions(['v1'], { finished: true });
  removed.spec.versions = removed.spec.versions.filter((v) => v.name === 'v1');
  assert.equal(migrationStatus(removed).step, 'done');
  assert.equal(migrationStatus(removed).message, 'migrated to v1; v1alpha1 removed');
  assert.match(
    migrationStatus(twoVersions(['v1alpha1', 'v1'], { done: 300, total: 1000 })).message,
    /300 of 1000 done/,
  );
});

test('a finished pass for another storage version, or for fewer old versions, is not a migration to v1', () => {
  assert.equal(migrationStatus(twoVersions(['v1alpha1', 'v1'], { to: 'v2', finished: true })).step, 'migrate');
  const three = twoVersions(['v1beta1', 'v1alpha1', 'v1'], { finished: true });
  three.spec.versions.unshift(version('v1beta1', {}, { storage: false }));
  assert.equal(migrationStatus(three).step, 'migrate');
});

test('each step is refused, with the reason, until the one before it is done', () => {
  const half = twoVersions(['v1alpha1', 'v1'], { done: 300, total: 1000 });
  assert.equal(checkStep(half, 'migrate'), null);
  assert.equal(
    checkStep(half, 'trim'),
    'cannot drop old versions from status.storedVersions: the migration to v1 has not finished (300 of 1000 objects)',
  );
  assert.match(
    checkStep(twoVersions(['v1alpha1', 'v1']), 'trim') ?? '',
    /objects may still be stored at v1alpha1; migrate/,
  );
  assert.match(checkStep(half, 'remove') ?? '', /has not finished/);
  const migrated = twoVersions(['v1alpha1', 'v1'], { finished: true });
  assert.equal(checkStep(migrated, 'trim'), null);
  assert.equal(
    checkStep(migrated, 'unserve'),
    'cannot unserve the old version: v1alpha1 is still in status.storedVersions; drop it first',
  );
  const trimmed = twoVersions(['v1'], { finished: true });
  assert.equal(checkStep(trimmed, 'unserve'), null);
  assert.equal(
    checkStep(trimmed, 'remove'),
    'cannot remove the old version: v1alpha1 is still served; unserve it first',
  );
  assert.match(checkStep(trimmed, 'migrate') ?? '', /^cannot migrate: already done/);
  assert.equal(checkStep(twoVersions(['v1'], { finished: true }, { served: false }), 'remove'), null);
});

test('a pass goes through the storage version when served, else through another served one', () => {
  assert.equal(passVersion(twoVersions(['v1alpha1', 'v1'])), 'v1');
  const c = twoVersions(['v1alpha1', 'v1']);
  c.spec.versions[1]!.served = false;
  assert.equal(passVersion(c), 'v1alpha1');
});

test('a resumed pass skips what it did and what others wrote since it began, in key order', () => {
  const objects = [
    { namespace: 'b', name: 'x', uid: '1', resourceVersion: '90' },
    { namespace: 'a', name: 'y', uid: '2', resourceVersion: '50' },
    { namespace: 'a', name: 'z', uid: '3', resourceVersion: '101' }, // written after the pass began
    { namespace: 'a', name: 'x', uid: '4', resourceVersion: '60' },
    { namespace: 'c', name: 'x', uid: '5', resourceVersion: '99' },
  ];
  const cp = beginPass(twoVersions(['v1alpha1', 'v1']), '100');
  assert.equal(cp.resumed, false);
  const first = pendingObjects(objects, cp.checkpoint);
  assert.deepEqual(
    first.todo.map((o) => `${o.namespace}/${o.name}`),
    ['a/x', 'a/y', 'b/x', 'c/x'],
  );
  assert.equal(first.written, 1, 'a/z: written since the pass began');
  const resumed = beginPass(twoVersions(['v1alpha1', 'v1'], { after: 'a/y', done: 2, total: 4 }), '500');
  assert.equal(resumed.resumed, true);
  assert.equal(resumed.checkpoint.sinceRV, '100', 'the first pass’s start, not the resumed list');
  assert.deepEqual(
    pendingObjects(objects, resumed.checkpoint).todo.map((o) => `${o.namespace}/${o.name}`),
    ['b/x', 'c/x'],
  );
  // a finished pass is not resumed: a new storage version starts over
  assert.equal(beginPass(twoVersions(['v1alpha1', 'v1'], { to: 'v2', finished: true }), '7').resumed, false);
});
