import assert from 'node:assert/strict';
import { test } from 'node:test';
import { comparableTime, keepLast, logFileName, splitLines, splitTimestamp } from './lines';

test('chunks become whole lines; a partial line waits for its end', () => {
  assert.deepEqual(splitLines('', 'a\nb'), { lines: ['a'], carry: 'b' });
  assert.deepEqual(splitLines('b', 'c\n'), { lines: ['bc'], carry: '' });
  assert.deepEqual(splitLines('x', 'y'), { lines: [], carry: 'xy' });
  assert.deepEqual(splitLines('', '\n\n'), { lines: ['', ''], carry: '' });
});

test('the buffer keeps the last N lines, whatever arrives', () => {
  assert.deepEqual(keepLast(['a', 'b'], ['c'], 3), ['a', 'b', 'c']);
  assert.deepEqual(keepLast(['a', 'b', 'c'], ['d', 'e'], 3), ['c', 'd', 'e']);
  assert.deepEqual(keepLast(['a'], ['1', '2', '3', '4'], 3), ['2', '3', '4']);
  assert.deepEqual(keepLast([], [], 3), []);
});

test('a download is named after the pod and container, with nothing a file system or header would mind', () => {
  const at = new Date('2026-11-25T05:20:00.000Z');
  assert.equal(
    logFileName({ namespace: 'shop', pod: 'mc-7d9f', container: 'memcached' }, at),
    'shop_mc-7d9f_memcached_2026-11-25T05-20-00-000Z.log',
  );
  assert.equal(
    logFileName({ namespace: 'a', pod: '../"x"', container: 'c d', previous: true }, at),
    'a_..__x__c_d_previous_2026-11-25T05-20-00-000Z.log',
  );
});

test('a timestamped line splits into its time and text; times compare whatever their fraction', () => {
  assert.deepEqual(splitTimestamp('2026-11-25T05:20:01.5Z <21 get key-3'), {
    at: '2026-11-25T05:20:01.5Z',
    text: '<21 get key-3',
  });
  assert.deepEqual(splitTimestamp('no time here'), { at: undefined, text: 'no time here' });
  assert.deepEqual(splitTimestamp(''), { at: undefined, text: '' });
  assert.ok(comparableTime('2026-11-25T05:20:01.5Z') > comparableTime('2026-11-25T05:20:01.123456789Z'));
  assert.ok(comparableTime('2026-11-25T05:20:02Z') > comparableTime('2026-11-25T05:20:01.999Z'));
  assert.equal(comparableTime('2026-11-25T05:20:02Z'), '2026-11-25T05:20:02.000000000Z');
});
