import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupOwned, type OwnedRow } from './owned-groups';

const row = (kind: string, name: string, child: string | null, element: string | null, depth = 1): OwnedRow => ({
  group: '',
  version: 'v1',
  resource: `${kind.toLowerCase()}s`,
  kind,
  uid: name,
  name,
  namespace: 'web',
  ownerUid: 'cr',
  depth,
  child,
  element,
  conditions: [],
  createdAt: null,
  deletionTimestamp: null,
});

test("a collection's objects are one group under its child id; other objects stay rows", () => {
  const g = groupOwned([
    row('RoleBinding', 'p-member-bob', 'members', 'bob'),
    row('Namespace', 'project-p', 'namespace', null),
    row('RoleBinding', 'p-member-alice', 'members', 'alice'),
    row('ConfigMap', 'unlabelled', null, null),
    row('Pod', 'p-0', null, null, 2),
  ]);
  assert.deepEqual(
    g.single.map((o) => o.name),
    ['unlabelled', 'project-p'],
  );
  assert.deepEqual(
    g.collections.map((c) => [c.child, c.kind, c.objects.map((o) => o.name)]),
    [['members', 'RoleBinding', ['p-member-alice', 'p-member-bob']]],
  );
});
