import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubernetesObject } from '@kubernetes/client-node';
import { OWNER_UID_LABEL } from '@opstudio/shared/graph/ownership';
import { INSTANCE_LABEL, ObjectIndex } from './object-index';
import { OwnerChain } from './owner-chain';

function obj(
  uid: string,
  name: string,
  owners: { uid: string; controller?: boolean }[] = [],
  namespace = 'ns',
): KubernetesObject {
  return {
    metadata: {
      uid,
      name,
      namespace,
      ownerReferences: owners.map((o) => ({ apiVersion: 'v1', kind: 'X', name: o.uid, ...o })),
    },
  };
}
const names = (objects: readonly KubernetesObject[]) => objects.map((o) => o.metadata?.name).sort();

test('objects are found by uid, by controller uid and by any owner uid', () => {
  const index = new ObjectIndex();
  index.upsert(obj('rs-1', 'web-1', [{ uid: 'dep', controller: true }]));
  index.upsert(obj('rs-2', 'web-2', [{ uid: 'dep', controller: true }]));
  index.upsert(obj('cm', 'shared', [{ uid: 'dep' }, { uid: 'other', controller: true }]));
  assert.equal(index.byUid('rs-1')?.metadata?.name, 'web-1');
  assert.deepEqual(names(index.byController('dep')), ['web-1', 'web-2']);
  assert.deepEqual(names(index.byOwner('dep')), ['shared', 'web-1', 'web-2']);
  assert.deepEqual(names(index.byController('other')), ['shared']);
  assert.deepEqual(index.byController('nobody'), []);
  assert.equal(index.size, 3);
});

test('an update that changes ownerReferences moves the object between owners', () => {
  const index = new ObjectIndex();
  index.upsert(obj('p', 'pod', [{ uid: 'rs-old', controller: true }]));
  index.upsert(obj('p', 'pod', [{ uid: 'rs-new', controller: true }]));
  assert.deepEqual(index.byController('rs-old'), []);
  assert.deepEqual(names(index.byController('rs-new')), ['pod']);
  index.upsert(obj('p', 'pod')); // orphaned
  assert.deepEqual(index.byController('rs-new'), []);
  assert.deepEqual(index.byOwner('rs-new'), []);
  assert.equal(index.size, 1);
});

test('delete removes every entry; a re-created name (new uid) replaces the old one', () => {
  const index = new ObjectIndex();
  index.upsert(obj('a', 'same', [{ uid: 'o', controller: true }]));
  // deleted and re-created while no watch was open: the informer reports an update of the name
  index.upsert(obj('b', 'same', [{ uid: 'o', controller: true }]));
  assert.equal(index.byUid('a'), undefined);
  assert.deepEqual(
    index.byController('o').map((o) => o.metadata?.uid),
    ['b'],
  );
  // a delete of the name with the old uid (a relist) still drops what is there
  index.remove(obj('a', 'same'));
  assert.equal(index.size, 0);
  assert.deepEqual(index.byOwner('o'), []);
  // objects of the same name in other namespaces are other objects
  index.upsert(obj('x', 'n', [], 'ns1'));
  index.upsert(obj('y', 'n', [], 'ns2'));
  assert.equal(index.size, 2);
});

test('the owner chain walks controllers across caches and remembers deleted objects for a while', () => {
  const deployments = new ObjectIndex();
  const replicaSets = new ObjectIndex();
  const pods = new ObjectIndex();
  deployments.upsert(obj('dep', 'web', [{ uid: 'cr', controller: true }]));
  replicaSets.upsert(obj('rs', 'web-1', [{ uid: 'dep', controller: true }]));
  const pod = obj('pod', 'web-1-a', [{ uid: 'rs', controller: true }]);
  pods.upsert(pod);
  let now = 1000;
  const chain = new OwnerChain(() => [deployments, replicaSets, pods], { keepDeletedMs: 500, now: () => now });
  assert.equal(chain.rootOf('pod'), 'cr');
  assert.equal(chain.rootOf('cr'), 'cr', 'the top has no known controller');
  assert.equal(chain.rootOf(undefined), undefined);
  assert.equal(chain.rootOfObject(pod), 'cr');

  pods.remove(pod);
  assert.equal(chain.rootOf('pod'), 'pod', 'gone from the caches and not remembered');
  chain.deletedObject(pod);
  assert.equal(chain.rootOf('pod'), 'cr', 'remembered after the delete');
  now += 501;
  assert.equal(chain.rootOf('pod'), 'pod', 'forgotten after keepDeletedMs');
  chain.deletedObject(obj('other', 'x', [{ uid: 'rs', controller: true }]));
  assert.equal(chain.rootOf('other'), 'cr');
});

test('the owner chain stops after maxHops (an ownership cycle cannot loop)', () => {
  const index = new ObjectIndex();
  index.upsert(obj('a', 'a', [{ uid: 'b', controller: true }]));
  index.upsert(obj('b', 'b', [{ uid: 'a', controller: true }]));
  const chain = new OwnerChain(() => [index]);
  assert.ok(['a', 'b'].includes(chain.rootOf('a', 5) ?? ''));
});

test('objects are found by namespace and instance label; the index follows label changes and deletes', () => {
  const index = new ObjectIndex();
  const pod = (uid: string, name: string, instance: string | undefined, namespace = 'ns'): KubernetesObject => ({
    metadata: { uid, name, namespace, ...(instance !== undefined ? { labels: { [INSTANCE_LABEL]: instance } } : {}) },
  });
  index.upsert(pod('p1', 'a-1', 'a'));
  index.upsert(pod('p2', 'a-2', 'a'));
  index.upsert(pod('p3', 'b-1', 'b'));
  index.upsert(pod('p4', 'a-1', 'a', 'other'));
  index.upsert(pod('p5', 'none', undefined));
  assert.deepEqual(names(index.byInstance('ns', 'a')), ['a-1', 'a-2']);
  assert.deepEqual(names(index.byInstance('other', 'a')), ['a-1']);
  index.upsert(pod('p2', 'a-2', 'b')); // relabelled
  assert.deepEqual(names(index.byInstance('ns', 'a')), ['a-1']);
  assert.deepEqual(names(index.byInstance('ns', 'b')), ['a-2', 'b-1']);
  index.remove(pod('p1', 'a-1', 'a'));
  assert.deepEqual(index.byInstance('ns', 'a'), []);
});

test('byOwner lists the controlled objects and those with other ownerReferences, each once', () => {
  const index = new ObjectIndex();
  index.upsert(obj('x', 'twice', [{ uid: 'o', controller: true }, { uid: 'o' }]));
  index.upsert(obj('y', 'also', [{ uid: 'p', controller: true }, { uid: 'o' }]));
  assert.deepEqual(names(index.byOwner('o')), ['also', 'twice']);
  assert.deepEqual(names(index.byController('o')), ['twice']);
  index.remove(obj('y', 'also'));
  assert.deepEqual(names(index.byOwner('o')), ['twice']);
  assert.deepEqual(index.byOwner('p'), []);
});

test('a child Kubernetes allows no owner reference is found by its owner label (docs/design/0039)', () => {
  const index = new ObjectIndex();
  const labelled = (uid: string, name: string, owner: string, ns?: string): KubernetesObject => ({
    metadata: { uid, name, ...(ns !== undefined ? { namespace: ns } : {}), labels: { [OWNER_UID_LABEL]: owner } },
  });
  index.upsert(labelled('cr-1', 'tenant-reader', 'tenant'));
  index.upsert(labelled('cm-1', 'shared-config', 'tenant', 'shared'));
  // a controller reference wins over a label
  index.upsert({
    ...obj('cm-2', 'mine', [{ uid: 'dep', controller: true }]),
    metadata: {
      ...obj('cm-2', 'mine', [{ uid: 'dep', controller: true }]).metadata,
      labels: { [OWNER_UID_LABEL]: 'tenant' },
    },
  });
  assert.deepEqual(names(index.byController('tenant')), ['shared-config', 'tenant-reader']);
  assert.deepEqual(names(index.byController('dep')), ['mine']);
  index.upsert({ metadata: { uid: 'cm-1', name: 'shared-config', namespace: 'shared' } });
  assert.deepEqual(names(index.byController('tenant')), ['tenant-reader'], 'the label removed: no longer the owner’s');
});
