import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChildResource } from '@opstudio/shared/graph/model';
import { addIterator, iteratorRows, removeIterator, setIterator, withLimit } from './foreach-edit';

const child: ChildResource = { id: 'ports', template: { apiVersion: 'v1', kind: 'ConfigMap' } };

test('For each: add iterators (each, each2), rename one, set the limit, remove them all', () => {
  const two = addIterator(addIterator(child));
  assert.deepEqual(two.forEach, [{ each: '${self.spec.items}' }, { each2: '${self.spec.items}' }]);
  const renamed = setIterator(two, 0, ['port', '${self.spec.ports}']);
  assert.deepEqual(iteratorRows(renamed), [
    ['port', '${self.spec.ports}'],
    ['each2', '${self.spec.items}'],
  ]);
  const limited = withLimit(renamed, 50);
  assert.equal(limited.forEachLimit, 50);
  assert.equal(withLimit(limited, undefined).forEachLimit, undefined);
  const none = removeIterator(removeIterator(limited, 1), 0);
  assert.deepEqual(none, child, 'no iterator: one object again, and no limit');
});
