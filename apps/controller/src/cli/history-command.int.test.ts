// `opstudio history` on a real, migrated SQLite file, the runs written by the studio's own
// HistoryStore: the table, `-o json` parsed, and `--watch` seeing a run recorded after it started.
// No cluster needed: without one the <kind> is read as the Kind.
// @postgres: a CLI process reading the history by its URL, `--watch` tailing by id
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openDb } from '../db';
import { ClusterIdentity } from '../clusters/cluster-identity';
import { HistoryStore } from '../history/store';
import type { ReconcileAttempt } from '../runtime/controller';
import { eventually, migratedTempDb } from '../../testing';
import { capturedIo } from '../../testing/cli';
import { historyCommand, type HistoryOutput } from './history-command';

const url = migratedTempDb();
const db = openDb(url);
const store = new HistoryStore({ db, cluster: ClusterIdentity.of('test-cluster') });
after(() => db.$disconnect());
// no cluster on purpose: the kind is matched against the stored runs
const NO_CLUSTER = ['--kubeconfig', '/nonexistent/kubeconfig'];

function record(name: string, uid: string, outcome: ReconcileAttempt['outcome'], summary: string) {
  return store.record(
    {
      controller: 'memcached',
      key: `default/${name}`,
      triggers: [{ kind: 'watch', eventType: 'MODIFIED', resourceVersion: '7', object: { kind: 'Memcached', name } }],
      droppedTriggers: 0,
      startedAt: new Date(),
      durationMs: 12,
      outcome,
      ...(outcome.kind === 'error' ? { error: 'quota exceeded' } : {}),
    },
    {
      uid,
      kind: 'Memcached',
      namespace: 'default',
      name,
      actions: [{ object: { kind: 'Deployment', name }, verb: 'updated', summary }],
      conditions: [],
    },
  );
}

function run(args: string[], signal?: AbortSignal) {
  const { io, text } = capturedIo();
  const done = historyCommand([...args, ...NO_CLUSTER], {
    io,
    databaseUrl: url,
    pollMs: 50,
    ...(signal !== undefined ? { signal } : {}),
  });
  return { done, out: () => text.stdout, err: () => text.stderr };
}

test('the timeline as a table and as -o json (the documented HistoryOutput)', async () => {
  await record('sample', 'uid-1', { kind: 'done' }, 'Deployment sample replicas 1→3');
  await record('sample', 'uid-1', { kind: 'error', error: new Error('quota exceeded') }, 'nothing');
  const table = run(['memcached/sample']);
  assert.equal(await table.done, 0, table.err());
  assert.match(table.out(), /^Memcached default\/sample \(uid uid-1\)\nTIME \(UTC\) +DURATION +OUTCOME/);
  assert.match(table.out(), /12 ms +success +Memcached changed {2}→ {2}Deployment sample replicas 1→3$/m);
  assert.match(table.out(), /^ +error: quota exceeded$/m);

  const json = run(['Memcached/sample', '-o', 'json']);
  assert.equal(await json.done, 0, json.err());
  const parsed = JSON.parse(json.out()) as HistoryOutput;
  assert.deepEqual(parsed.object, { kind: 'Memcached', namespace: 'default', name: 'sample', uid: 'uid-1' });
  assert.deepEqual(
    parsed.runs.map((r) => r.outcome),
    ['success', 'error'],
  );
});

test('--watch prints a run recorded after it started, until stopped', async () => {
  const stop = new AbortController();
  const watching = run(['memcached/sample', '--watch', '-o', 'json'], stop.signal);
  await eventually('the two stored runs', 5000, () =>
    watching.out().split('\n').filter(Boolean).length === 2 ? true : undefined,
  );
  await record('sample', 'uid-1', { kind: 'done' }, 'Deployment sample replicas 3→5');
  await eventually('the new run', 5000, () => (watching.out().includes('replicas 3→5') ? true : undefined));
  stop.abort();
  assert.equal(await watching.done, 0, watching.err());
  const lines = watching
    .out()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { actions: { summary: string }[] });
  assert.equal(lines.at(-1)!.actions[0]!.summary, 'Deployment sample replicas 3→5');
});

test('an object without runs exits 1; a bad target exits 2', async () => {
  const none = run(['memcached/ghost']);
  assert.equal(await none.done, 1);
  assert.match(none.err(), /no reconcile runs of memcached\/ghost/);
  const bad = run(['memcached']);
  assert.equal(await bad.done, 2);
  assert.match(bad.err(), /expected <kind>\/<name>/);
});
