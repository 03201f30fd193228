import { test } from 'node:test';
import assert from 'node:assert/strict';
import { microTime, parseTime } from './micro-time';

test('MicroTime has six fractional digits and round-trips', () => {
  const ms = Date.UTC(2026, 10, 22, 12, 48, 13, 7);
  assert.equal(microTime(ms), '2026-11-22T12:48:13.007000Z');
  assert.equal(parseTime(microTime(ms)), ms);
  assert.equal(parseTime(new Date(ms)), ms);
  assert.equal(parseTime('not a time'), undefined);
  assert.equal(parseTime(undefined), undefined);
});
