/// <reference types="node" />
// Whether a starting studio resumes an unfinished storage-migration pass by itself, as the writer
// its checkpoint names (docs/design/0054), or leaves it for a press with the reason.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crd, version } from '../crd/diff-fixtures';
import type { CustomResourceDefinition } from '../crd/types';
import { MIGRATION_ANNOTATION } from './plan';
import { resumeDecision } from './writer';

const alice = { as: 'user', name: 'alice', kubeUser: 'opstudio:alice', kubeGroups: ['opstudio:admin'] };

/** v1 stores, v1alpha1 still in storedVersions, a checkpoint 300 of 1000 through unless `finished`. */
function halfWay(cp: Record<string, unknown> | null, stored = ['v1alpha1', 'v1']): CustomResourceDefinition {
  return crd({}, (c) => {
    c.spec.versions = [version('v1alpha1', {}, { storage: false }), version('v1', {})];
    c.status = { storedVersions: stored };
    if (cp !== null)
      c.metadata.annotations = {
        [MIGRATION_ANNOTATION]: JSON.stringify({
          to: 'v1',
          from: ['v1alpha1'],
          sinceRV: '100',
          after: 'default/w-0300',
          done: 300,
          total: 1000,
          finished: false,
          ...cp,
        }),
      };
  });
}

const single = { impersonates: false };
const multi = { impersonates: true };

test('a pass started in single-user mode resumes as the studio own kubeconfig, at its rate', () => {
  assert.deepEqual(resumeDecision(halfWay({ by: { as: 'studio' }, rate: 500 }), single), {
    kind: 'resume',
    writer: { as: 'studio' },
    ratePerSecond: 500,
    migrator: 'studio',
  });
});

test('a pass started by a signed-in user resumes impersonating that user', () => {
  assert.deepEqual(resumeDecision(halfWay({ by: alice }), multi), {
    kind: 'resume',
    writer: alice,
    ratePerSecond: undefined,
    migrator: 'studio',
  });
  // a pass the cluster's migrator does goes on watching it
  const d = resumeDecision(halfWay({ by: alice, via: 'widgets.example.com-to-v1-0a1b2c3d' }), multi);
  assert.equal(d.kind === 'resume' ? d.migrator : d.kind, 'auto');
});

test('nothing to resume: no checkpoint, a finished pass, a pass to another storage version, nothing left to migrate', () => {
  for (const [name, c] of [
    ['no checkpoint', halfWay(null)],
    ['finished', halfWay({ by: alice, finished: true })],
    ['to another version', halfWay({ by: alice, to: 'v2' })],
    ['trimmed already', halfWay({ by: alice }, ['v1'])],
  ] as const)
    assert.deepEqual(resumeDecision(c, multi), { kind: 'none' }, name);
});

test('a pass the studio cannot write for waits for a press, and says why', () => {
  const cases: [string, Record<string, unknown>, { impersonates: boolean }, RegExp][] = [
    ['no writer (older checkpoint)', {}, single, /does not say who the pass writes as: press Resume migration/],
    ['unknown form', { by: { as: 'robot' } }, multi, /in a form this studio cannot read: press Resume migration/],
    ['a user without groups', { by: { as: 'user', name: 'x' } }, multi, /cannot read/],
    [
      'a terminal',
      { by: { as: 'terminal' } },
      single,
      /started by opstudio migrate, as a terminal's kubeconfig: run it again there/,
    ],
    [
      'single-user pass, multi-user studio',
      { by: { as: 'studio' } },
      multi,
      /started in single-user mode.*writes only as signed-in users/,
    ],
    [
      'multi-user pass, single-user studio',
      { by: alice },
      single,
      /started by alice in multi-user mode, and this studio runs in single-user mode/,
    ],
  ];
  for (const [name, cp, studio, reason] of cases) {
    const d = resumeDecision(halfWay(cp), studio);
    assert.equal(d.kind, 'left', name);
    assert.match(d.kind === 'left' ? d.reason : '', reason, name);
  }
});
