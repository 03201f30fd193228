import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCpuSummary, summarizeCpuProfile, type CpuProfile } from './cpu-profile-summary';

// root ─┬─ (idle)                                        idle, apart
//       ├─ (garbage collector)                           GC
//       ├─ watch.js ── parse (native)                    JSON: JSON.parse wins over its caller
//       ├─ adapter-better-sqlite3 ── Statement (native)  SQLite: a native frame counts for its caller
//       ├─ @prisma/client ── wasm-function[1]            Prisma
//       ├─ our reconcile.ts ── node:events emit          our code: Node's plumbing counts for its caller
//       └─ processTicksAndRejections                     no caller known
const frame = (functionName: string, url = '') => ({ functionName, url });
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 6, 8, 10, 12] },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('(garbage collector)') },
    { id: 4, callFrame: frame('', 'file:///r/node_modules/@kubernetes/client-node/dist/watch.js'), children: [5] },
    { id: 5, callFrame: frame('parse') },
    {
      id: 6,
      callFrame: frame('performIO', 'file:///r/node_modules/@prisma/adapter-better-sqlite3/dist/index.mjs'),
      children: [7],
    },
    { id: 7, callFrame: frame('Statement') },
    { id: 8, callFrame: frame('request', 'file:///r/node_modules/@prisma/client/runtime/client.js'), children: [9] },
    { id: 9, callFrame: frame('wasm-function[1]', 'wasm://wasm/00ab') },
    { id: 10, callFrame: frame('reconcile', 'file:///r/apps/controller/src/operators/reconcile.ts'), children: [11] },
    { id: 11, callFrame: frame('emit', 'node:events') },
    { id: 12, callFrame: frame('processTicksAndRejections', 'node:internal/process/task_queues') },
  ],
  // µs before each sample: idle 5 ms, then 1, 2, 3, 4, 5, 6, 7 ms
  samples: [2, 3, 5, 7, 9, 8, 11, 12],
  timeDeltas: [5000, 1000, 2000, 3000, 4000, 5000, 6000, 7000],
};

test('self time per category, a frame that says nothing counting for its nearest caller that does', () => {
  const s = summarizeCpuProfile(profile);
  assert.equal(s.idleMs, 5);
  assert.equal(s.busyMs, 1 + 2 + 3 + 4 + 5 + 6 + 7);
  assert.deepEqual(
    s.categories.map((c) => [c.category, c.ms]),
    [
      ['Node and V8 (no caller known)', 7],
      ['our code', 6],
      ['Prisma (client, query compiler)', 4 + 5],
      ['SQLite (better-sqlite3)', 3],
      ['JSON', 2],
      ['GC', 1],
    ].sort((a, b) => (b[1] as number) - (a[1] as number)),
  );
  const prisma = s.categories.find((c) => c.category.startsWith('Prisma'));
  assert.deepEqual(prisma?.top, [
    { frame: '@prisma/client/runtime/client.js request', ms: 5 },
    { frame: 'wasm://wasm/00ab wasm-function[1]', ms: 4 },
  ]);
  assert.deepEqual(s.categories.find((c) => c.category === 'our code')?.top, [{ frame: 'node:events emit', ms: 6 }]);
});

test('the table gives per-edit figures when told the number of edits', () => {
  const text = formatCpuSummary(summarizeCpuProfile(profile, 1), 2);
  assert.match(text, /^busy 28 ms {2}14\.00 ms\/edit, idle 5 ms/);
  assert.match(text, /9\.0 ms {3}4\.50 ms\/edit {2}Prisma/);
});
