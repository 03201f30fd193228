import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logStartSchema } from '@opstudio/shared/pod-logs/options';
import { DEFAULT_START, START_OPTIONS, startOf } from './start-choice';

test('every choice is a start the API accepts, the default is the last 500 lines', () => {
  for (const o of START_OPTIONS) assert.ok(logStartSchema.safeParse(o.start).success, o.label);
  assert.deepEqual(startOf(DEFAULT_START), { tailLines: 500 });
  assert.deepEqual(startOf('since:3600'), { sinceSeconds: 3600 });
  assert.deepEqual(startOf('all'), { all: true });
  assert.deepEqual(startOf('nonsense'), { tailLines: 500 });
  assert.equal(new Set(START_OPTIONS.map((o) => o.value)).size, START_OPTIONS.length);
});
