import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  durationText,
  groupActions,
  mergeRuns,
  outcomeText,
  runBarText,
  triggerSummary,
  triggerText,
} from './timeline-text';
import type { TimelineRun } from './timeline-text';

const run = (id: number): TimelineRun => ({
  id,
  controller: 'memcached',
  objectUid: 'u',
  kind: 'Memcached',
  namespace: 'ns',
  name: 'm',
  generation: 1,
  designId: null,
  designVersion: null,
  triggers: [],
  startedAt: new Date(id * 1000).toISOString(),
  durationMs: 12,
  outcome: 'success',
  requeueAfterMs: null,
  errorMessage: null,
  actions: [],
  conditions: [],
});

test('triggers read as what happened to which object', () => {
  assert.equal(
    triggerText({
      kind: 'watch',
      eventType: 'MODIFIED',
      resourceVersion: '42',
      object: { kind: 'Memcached', name: 'm' },
    }),
    'Memcached changed (rv 42)',
  );
  assert.equal(
    triggerText({ kind: 'owned', eventType: 'ADDED', resourceVersion: '7', object: { kind: 'Deployment', name: 'm' } }),
    'owned Deployment m created (rv 7)',
  );
  assert.equal(triggerText({ kind: 'requeue', afterMs: 60_000 }), 'requeued after 1 min 0 s');
  assert.equal(triggerText({ kind: 'retry', attempt: 2, error: 'conflict' }), 'retry #2 after error: conflict');
});

test('collapsed triggers of one shape are counted', () => {
  const owned = (rv: string) =>
    ({ kind: 'owned', eventType: 'MODIFIED', resourceVersion: rv, object: { kind: 'Deployment', name: 'm' } }) as const;
  assert.deepEqual(triggerSummary([owned('1'), owned('2'), owned('3'), { kind: 'resync' }]), [
    'owned Deployment m changed ×3',
    'resync',
  ]);
});

test('durations and outcomes in words', () => {
  assert.equal(durationText(0.2), '<1 ms');
  assert.equal(durationText(12.4), '12 ms');
  assert.equal(durationText(1500), '1.5 s');
  assert.equal(outcomeText({ outcome: 'requeue', requeueAfterMs: 5000, errorMessage: null }), 'Requeue after 5.0 s');
  assert.equal(outcomeText({ outcome: 'error', requeueAfterMs: null, errorMessage: 'boom' }), 'Error: boom');
});

test('merging a live run, a snapshot and an older page keeps each run once, newest first', () => {
  assert.deepEqual(
    mergeRuns([run(3), run(2)], [run(4), run(3), run(1)]).map((r) => r.id),
    [4, 3, 2, 1],
  );
});

test('a time-axis bar says when, how it ended, how long it took and what woke it', () => {
  const r = {
    ...run(3),
    durationMs: 35,
    triggers: [
      {
        kind: 'watch' as const,
        eventType: 'MODIFIED' as const,
        resourceVersion: '9',
        object: { kind: 'Memcached', name: 'm' },
      },
    ],
  };
  assert.equal(runBarText(r, '10:00:03.000'), 'Run 3 at 10:00:03.000: Success, 35 ms. Triggers: Memcached changed');
  assert.equal(runBarText(run(4), 't'), 'Run 4 at t: Success, 12 ms. Triggers: none recorded');
});

test("a collection's actions are one item, summed up by verb, where the first was", () => {
  const action = (name: string, verb: 'created' | 'deleted' | 'updated', child?: string) => ({
    object: { kind: name.startsWith('site-ports') ? 'ConfigMap' : 'Service', name },
    verb,
    summary: `${verb} ${name}`,
    ...(child !== undefined ? { child } : {}),
  });
  const items = groupActions([
    action('site-ports-http', 'created', 'ports'),
    action('site-service', 'updated', 'service'),
    action('site-ports-admin', 'created', 'ports'),
    action('site-ports-metrics', 'deleted', 'ports'),
  ]);
  assert.deepEqual(
    items.map((i) => (i.kind === 'one' ? i.action.object.name : [i.summary, i.actions.length])),
    [['ports (ConfigMap): 2 created, 1 deleted', 3], 'site-service'],
  );
});
