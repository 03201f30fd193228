// Whom a restarted studio resumes a multi-user pass as (docs/design/0054): the user the
// checkpoint names, only while that user exists, is an admin and maps to the recorded identity.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PassWriter } from '@opstudio/shared/migration/writer';
import { kubeIdentityOf } from '../auth/impersonation';
import type { StudioUser } from '../auth/roles';
import { userRefusal } from './resume';

const alice: StudioUser = { id: 'u1', name: 'alice', role: 'admin' };
const recorded: Extract<PassWriter, { as: 'user' }> = {
  as: 'user',
  name: 'alice',
  kubeUser: 'opstudio:alice',
  kubeGroups: ['opstudio:admin'],
};

test('the user who started the pass, unchanged, has it resumed as them', () => {
  assert.deepEqual(kubeIdentityOf(alice), { user: 'opstudio:alice', groups: ['opstudio:admin'] });
  assert.equal(userRefusal(recorded, alice, kubeIdentityOf(alice)), null);
});

test('a user gone, no longer an admin, or mapped to another identity leaves the pass for a press', () => {
  const editor = { ...alice, role: 'editor' } as const;
  const oidc = { ...alice, name: 'oidc:alice', kubeGroups: ['oidc:ops'] };
  const cases: [string, StudioUser | undefined, RegExp][] = [
    ['deleted', undefined, /started by alice, who is no longer a studio user: press Resume migration/],
    ['demoted', editor, /started by alice, who is no longer an admin/],
  ];
  for (const [name, user, reason] of cases)
    assert.match(userRefusal(recorded, user, user && kubeIdentityOf(user)) ?? '', reason, name);
  // a checkpoint naming alice with groups she does not have (an annotation written by hand)
  assert.match(
    userRefusal({ ...recorded, kubeGroups: ['opstudio:admin', 'system:masters'] }, alice, kubeIdentityOf(alice)) ?? '',
    /started by alice as opstudio:alice, and alice maps to another Kubernetes identity now/,
  );
  assert.match(
    userRefusal({ ...recorded, name: 'oidc:alice', kubeUser: 'oidc:alice' }, oidc, kubeIdentityOf(oidc)) ?? '',
    /maps to another Kubernetes identity now/,
    'the OIDC groups changed since the pass began',
  );
});
