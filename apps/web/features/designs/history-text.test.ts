import assert from 'node:assert/strict';
import { test } from 'node:test';
import { savedAgo, versionLine, versionTitle } from './history-text';

const now = Date.parse('2026-11-22T20:00:00Z');

test('when a version was saved, relative while recent', () => {
  assert.equal(savedAgo('2026-11-22T19:59:48Z', now), '12 s ago');
  assert.equal(savedAgo('2026-11-22T19:55:00Z', now), '5 min ago');
  assert.equal(savedAgo('2026-11-22T17:00:00Z', now), '3 h ago');
  assert.match(savedAgo('2026-11-20T17:00:00Z', now), /^20 Nov 2026, \d\d:00:00$/, 'older: the date (local time)');
  assert.equal(savedAgo('2026-11-22T20:00:05Z', now), '0 s ago', 'a clock slightly ahead is "now"');
  assert.equal(savedAgo('not a time', now), 'not a time');
});

test('a row says when, who if known, and what changed; the current version is marked', () => {
  assert.equal(
    versionLine(
      { version: 2, savedAt: '2026-11-22T19:59:00Z', savedBy: 'ada', summary: 'kind Memcached → Cachet' },
      now,
    ),
    '1 min ago · by ada · kind Memcached → Cachet',
  );
  assert.equal(
    versionLine(
      { version: 1, savedAt: '2026-11-22T19:59:00Z', savedBy: null, summary: 'created: Memcached (cache), 4 fields' },
      now,
    ),
    '1 min ago · created: Memcached (cache), 4 fields',
  );
  assert.equal(versionTitle(3, 3), 'Version 3 (current)');
  assert.equal(versionTitle(2, 3), 'Version 2');
});
