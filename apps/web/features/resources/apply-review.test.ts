import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffReview } from './apply-review';

const live = {
  apiVersion: 'cache.example.com/v1alpha1',
  kind: 'Memcached',
  metadata: { name: 'm', namespace: 'demo', resourceVersion: '7', generation: 1, uid: 'u' },
  spec: { size: 3 },
  status: { nodes: ['a'] },
};

test('a dry run that changes size shows both sides as YAML and lists spec.size alone', () => {
  const after = { ...live, metadata: { ...live.metadata, resourceVersion: '8', generation: 2 }, spec: { size: 5 } };
  const review = diffReview(live, after);
  assert.equal(review.step, 'diff');
  if (review.step !== 'diff') return;
  assert.deepEqual(review.changes, ['spec.size: 3 → 5']);
  assert.match(review.before, /size: 3/);
  assert.match(review.after, /size: 5/);
  assert.doesNotMatch(review.after, /resourceVersion|generation|uid|nodes/);
});

test('a dry run equal to the live object lists no change', () => {
  const review = diffReview(live, { ...live, metadata: { ...live.metadata, resourceVersion: '9' } });
  assert.deepEqual(review.step === 'diff' ? review.changes : null, []);
});

test('a create compares with nothing: the left side is empty, every top-level field is added', () => {
  const review = diffReview(null, live);
  assert.equal(review.step === 'diff' ? review.before : null, '');
  assert.deepEqual(review.step === 'diff' ? review.changes.map((c) => c.split(':')[0]) : null, [
    'apiVersion',
    'kind',
    'metadata',
    'spec',
  ]);
});
