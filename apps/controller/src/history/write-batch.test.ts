import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WriteBatch } from './write-batch';

test('items added in one turn are written as one batch, in order, each resolving with its own result', async () => {
  const writes: number[][] = [];
  const batch = new WriteBatch<number, string>({
    write: (items) => {
      writes.push([...items]);
      return Promise.resolve(items.map((i) => `row-${i}`));
    },
  });
  const results = await Promise.all([1, 2, 3].map((i) => batch.add(i)));
  assert.deepEqual(results, ['row-1', 'row-2', 'row-3']);
  assert.deepEqual(writes, [[1, 2, 3]]);
});

test('items added while a write is in flight go together in the next one; maxItems splits a batch', async () => {
  const writes: number[][] = [];
  let release: () => void = () => undefined;
  const batch = new WriteBatch<number, number>({
    maxItems: 2,
    write: async (items) => {
      writes.push([...items]);
      if (writes.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((i) => i * 10);
    },
  });
  const first = batch.add(1);
  await new Promise((r) => setImmediate(r)); // the first write starts and waits
  const later = [2, 3, 4].map((i) => batch.add(i));
  assert.equal(batch.pending, 3);
  release();
  assert.deepEqual(await Promise.all([first, ...later]), [10, 20, 30, 40]);
  assert.deepEqual(writes, [[1], [2, 3], [4]]);
  await batch.idle();
  assert.equal(batch.pending, 0);
});

test('a failed write rejects the items of that batch only; idle waits for everything added', async () => {
  let calls = 0;
  const batch = new WriteBatch<string, string>({
    write: (items) => (++calls === 1 ? Promise.reject(new Error('disk full')) : Promise.resolve([...items])),
  });
  const failed = batch.add('a');
  await assert.rejects(failed, /disk full/);
  const ok = batch.add('b');
  await batch.idle();
  assert.equal(await ok, 'b');
});

test('a write that returns the wrong number of results fails its batch', async () => {
  const batch = new WriteBatch<number, number>({ write: () => Promise.resolve([]) });
  await assert.rejects(batch.add(1), /returned 0 results for 1 items/);
});
