import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { balanceLanes, parseFileSeconds } from './lane-balance';
import { repoRoot } from './paths';

test('the waiting files are shared out so that both lanes end near the same time', () => {
  const seconds = new Map([
    ['go.int.test.ts', 100],
    ['a.int.test.ts', 80],
    ['b.int.test.ts', 60],
    ['c.int.test.ts', 40],
    ['d.int.test.ts', 20],
  ]);
  const lanes = balanceLanes(
    ['go.int.test.ts'],
    ['a.int.test.ts', 'b.int.test.ts', 'c.int.test.ts', 'd.int.test.ts'],
    seconds,
  );
  // the waiting lane takes the longest until it has caught up with the builds, then each goes to the lane that ends sooner
  assert.deepEqual(lanes.waiting, ['a.int.test.ts', 'b.int.test.ts', 'd.int.test.ts']);
  assert.deepEqual(lanes.build, ['go.int.test.ts', 'c.int.test.ts']);
  assert.deepEqual(lanes.expected, { build: 140, waiting: 160 });
});

test('a file the measured run does not know counts as the median file; no file is lost or repeated', () => {
  const seconds = new Map([
    ['go.int.test.ts', 300],
    ['a.int.test.ts', 10],
    ['b.int.test.ts', 30],
  ]);
  const waiting = ['a.int.test.ts', 'b.int.test.ts', 'new.int.test.ts'];
  const lanes = balanceLanes(['go.int.test.ts'], waiting, seconds);
  assert.deepEqual(lanes.build, ['go.int.test.ts']);
  assert.deepEqual(lanes.waiting, waiting);
  assert.equal(lanes.expected.waiting, 10 + 30 + 30);
});

test('the committed times parse, and name files that exist', () => {
  const seconds = parseFileSeconds(fs.readFileSync(path.join(repoRoot, 'scripts/lib/integration-seconds.txt'), 'utf8'));
  assert.ok(seconds.size > 50, `${seconds.size} files`);
  const missing = [...seconds.keys()].filter((f) => !fs.existsSync(path.join(repoRoot, f)));
  // a renamed or deleted file only costs balance, but the copy should be refreshed then
  assert.ok(missing.length <= 5, `refresh integration-seconds.txt: ${missing.join(', ')}`);
  assert.deepEqual([...parseFileSeconds('  82.1 s  apps/x.int.test.ts\n\n')], [['apps/x.int.test.ts', 82.1]]);
});
