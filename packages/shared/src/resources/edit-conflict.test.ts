import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeText } from './object-changes';
import { editConflict, rebaseDraft } from './edit-conflict';

const meta = { name: 'm', namespace: 'demo' };
const origin = { apiVersion: 'x/v1', kind: 'M', metadata: meta, spec: { size: 3, image: 'memcached:1.6' } };

test('the same field changed by both: named as changed meanwhile and as a collision; Reload takes the live value', () => {
  const live = { ...origin, spec: { size: 7, image: 'memcached:1.6' } };
  const draft = { ...origin, spec: { size: 5, image: 'memcached:1.6' } };
  const conflict = editConflict(origin, live, draft);
  assert.deepEqual(conflict.meanwhile.map(changeText), ['spec.size: 3 → 7']);
  assert.deepEqual(conflict.collisions, ['spec.size']);
  assert.deepEqual(rebaseDraft(origin, live, draft), { draft: null, kept: [], dropped: ['spec.size'] });
});

test('different fields: no collision, and Reload keeps the edit on top of the live object', () => {
  const live = { ...origin, spec: { size: 7, image: 'memcached:1.6' } };
  const draft = {
    ...origin,
    metadata: { ...meta, labels: { team: 'cache' } },
    spec: { size: 3, image: 'memcached:1.6.26' },
  };
  assert.deepEqual(editConflict(origin, live, draft).collisions, []);
  const rebased = rebaseDraft(origin, live, draft);
  assert.deepEqual(rebased.draft, {
    ...origin,
    metadata: { ...meta, labels: { team: 'cache' } },
    spec: { size: 7, image: 'memcached:1.6.26' },
  });
  assert.deepEqual(rebased.kept, ['metadata.labels.team', 'spec.image']);
  assert.deepEqual(rebased.dropped, []);
});

test('a field removed by the user and changed meanwhile collides; a field inside a subtree replaced meanwhile does too', () => {
  const live = { ...origin, spec: { image: 'memcached:1.7', ports: [{ port: 1 }] } };
  const draft = { ...origin, spec: { size: 3, ports: [{ port: 2 }] } };
  const conflict = editConflict(origin, live, draft);
  assert.deepEqual(conflict.collisions, ['spec.image', 'spec.ports']);
  const rebased = rebaseDraft(origin, live, draft);
  assert.deepEqual(rebased.dropped, ['spec.image', 'spec.ports']);
  assert.equal(rebased.draft, null);
});

test('nothing changed meanwhile in what the page edits (a status write): no fields to report', () => {
  const draft = { ...origin, spec: { size: 5, image: 'memcached:1.6' } };
  assert.deepEqual(editConflict(origin, origin, draft), { meanwhile: [], collisions: [] });
});
