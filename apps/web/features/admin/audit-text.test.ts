import assert from 'node:assert/strict';
import { test } from 'node:test';
import { auditQueryInput, emptyAuditFilter, objectText, summaryText } from './audit-text';

test('empty filter fields are left out: the server matches every given field exactly', () => {
  assert.deepEqual(auditQueryInput(emptyAuditFilter, undefined, 51), { limit: 51 });
  assert.deepEqual(
    auditQueryInput({ actor: ' ada ', action: 'crds.install', kind: '', name: '', result: 'denied' }, 40, 51),
    {
      actor: 'ada',
      action: 'crds.install',
      result: 'denied',
      beforeId: 40,
      limit: 51,
    },
  );
});

test('an object reads as kind, group/version, namespace/name, or the design', () => {
  assert.equal(
    objectText({ kind: 'Memcached', group: 'cache.example.com', version: 'v1alpha1', namespace: 'default', name: 'a' }),
    'Memcached cache.example.com/v1alpha1 default/a',
  );
  assert.equal(objectText({ designId: 'abc' }), 'design abc');
  assert.equal(objectText({}), '—');
});

test('a long summary is cut for the cell and kept whole for the title', () => {
  assert.deepEqual(summaryText(undefined), { short: '', full: '' });
  assert.equal(summaryText({ after: { size: 3 } }).short, 'size 3');
  const long = summaryText({ before: { text: 'x'.repeat(200) } }, 50);
  assert.equal(long.short.length, 50);
  assert.ok(long.short.endsWith('…'));
  assert.ok(long.full.length > 200);
});

test('a patch reads as its strategy and the paths it touched; both sides when there are two', () => {
  assert.equal(
    summaryText({ after: { strategy: 'merge', patch: { paths: ['spec.size', 'spec.image'] }, dryRun: true } }).full,
    'strategy merge, patch spec.size, spec.image, dryRun true',
  );
  assert.equal(summaryText({ after: { body: { paths: ['spec.a'], more: 4 } } }).full, 'body spec.a (+4 more)');
  assert.equal(summaryText({ before: { size: 3 }, after: { size: 99 } }).full, 'before size 3 → after size 99');
  assert.equal(summaryText({ after: { address: '127.0.0.1' } }).full, 'address 127.0.0.1');
  // entries written before summaries held paths still read as JSON
  assert.equal(summaryText({ after: { patch: { spec: { size: 2 } } } }).full, 'patch {"spec":{"size":2}}');
});
