import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatEventId, newEpoch, parseEventId, resumePoint, snapshotEventId } from './event-id';

test('ids round-trip through parse', () => {
  assert.deepEqual(parseEventId(formatEventId('abc123', 42)), { epoch: 'abc123', seq: 42 });
});

test('a first connection gets a snapshot', () => {
  assert.deepEqual(resumePoint(undefined, 'e1', 10), { kind: 'fresh', reason: 'first connection' });
  assert.equal(resumePoint('', 'e1', 10).kind, 'fresh');
  assert.equal(resumePoint(null, 'e1', 10).kind, 'fresh');
});

test('an id from this boot resumes after its sequence number', () => {
  assert.deepEqual(resumePoint('e1-7', 'e1', 10), { kind: 'resume', seq: 7 });
  assert.deepEqual(resumePoint('e1-10', 'e1', 10), { kind: 'resume', seq: 10 });
});

test('an id from an earlier boot gets a fresh snapshot, even with a plausible number', () => {
  assert.deepEqual(resumePoint('e0-7', 'e1', 10), { kind: 'fresh', reason: 'server restarted' });
});

test('a sequence number this boot never handed out gets a fresh snapshot', () => {
  assert.equal(resumePoint('e1-11', 'e1', 10).kind, 'fresh');
});

test('garbage and mid-snapshot ids get a fresh snapshot', () => {
  for (const id of ['nonsense', 'e1-', '-5', 'e1-5-s0', 'E1-5', 'e1-1e3']) {
    assert.equal(resumePoint(id, 'e1', 10).kind, 'fresh', id);
  }
});

test('only the last event of a snapshot carries a resumable id', () => {
  const ids = [0, 1, 2].map((i) => snapshotEventId('e1', 5, i, 3));
  assert.deepEqual(ids, ['e1-5-s0', 'e1-5-s1', 'e1-5']);
  assert.deepEqual(
    ids.map((id) => resumePoint(id, 'e1', 5).kind),
    ['fresh', 'fresh', 'resume'],
  );
});

test('two epochs minted in the same millisecond differ', () => {
  let r = 0;
  const random = () => (r++ % 2 === 0 ? 0.1 : 0.9);
  assert.notEqual(newEpoch(1000, random), newEpoch(1000, random));
  assert.match(newEpoch(), /^[a-z0-9]+$/);
});
