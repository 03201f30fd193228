import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TimelineRun } from '../history/types';
import { historyHeader, runLine } from './history-table';

const run: TimelineRun = {
  id: 1,
  controller: 'memcached',
  objectUid: 'u',
  kind: 'Memcached',
  namespace: 'default',
  name: 'sample',
  generation: 1,
  designId: null,
  designVersion: null,
  triggers: [
    { kind: 'watch', eventType: 'ADDED', resourceVersion: '1', object: { kind: 'Memcached', name: 'sample' } },
  ],
  startedAt: '2026-11-25T05:00:01.250Z',
  durationMs: 42,
  outcome: 'success',
  requeueAfterMs: null,
  errorMessage: null,
  actions: [{ object: { kind: 'Deployment', name: 'sample' }, verb: 'created', summary: 'created Deployment sample' }],
  conditions: [],
};

test('one line per run: time, duration, outcome, triggers → actions; an error on its own line', () => {
  assert.equal(historyHeader(), 'TIME (UTC)           DURATION   OUTCOME             TRIGGERS  →  ACTIONS\n');
  assert.equal(
    runLine(run),
    '2026-11-25 05:00:01  42 ms      success             Memcached created  →  created Deployment sample\n',
  );
  assert.equal(
    runLine({
      ...run,
      outcome: 'error',
      errorMessage: 'quota exceeded',
      actions: [],
      triggers: [{ kind: 'retry', attempt: 2, error: 'x' }],
    }),
    '2026-11-25 05:00:01  42 ms      error               retry #2 after error: x  →  no changes\n                     error: quota exceeded\n',
  );
  assert.match(
    runLine({ ...run, outcome: 'requeue', requeueAfterMs: 5000 }),
    /^\S+ \S+ {2}42 ms {6}requeue 5\.0 s {6}/,
  );
});
