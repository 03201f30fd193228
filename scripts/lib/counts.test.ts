import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countsFromTap } from './counts';

test('reads the closing counts of node TAP output, cancelled counted as failed', () => {
  const tap =
    'TAP version 13\nok 1 - a\n# tests 5\n# suites 0\n# pass 3\n# fail 1\n# cancelled 1\n# skipped 0\n# todo 0\n';
  assert.deepEqual(countsFromTap(tap), { passed: 3, failed: 2, skipped: 0 });
});

test('a run that printed no summary counts nothing', () => {
  assert.deepEqual(countsFromTap(''), { passed: 0, failed: 0, skipped: 0 });
});
