import { test } from 'node:test';
import assert from 'node:assert/strict';
import { table } from '../vs-go/report';
import { storeRows, type SideRun } from './rows';

const MIB = 1024 * 1024;
const run = (side: SideRun['side'], idleMib: number, settledMib: number, seconds: number): SideRun => ({
  side,
  cpuSeconds: seconds * 2,
  memory: {
    points: [
      { crs: 0, rssBytes: idleMib * MIB, heapBytes: idleMib * MIB },
      {
        crs: 1000,
        rssBytes: settledMib * MIB,
        heapBytes: settledMib * MIB,
        settledSeconds: seconds,
        settledP50Seconds: seconds / 2,
      },
    ],
  },
});

test('storeRows: times, RSS idle and settled, marginal KiB per CR, per side; the table gives embedded / Go', () => {
  const rows = storeRows([run('go', 40, 60, 100), run('embedded', 100, 150, 50)], 1000, 'observed');
  const by = (measure: string) => rows.find((r) => r.measure.includes(measure));
  assert.deepEqual([by('p50')?.values.embedded, by('p50')?.values.go], [25, 50]);
  assert.deepEqual([by('observed, all')?.values.embedded, by('observed, all')?.values.go], [50, 100]);
  assert.deepEqual([by('RSS idle')?.values.embedded, by('RSS idle')?.values.go], [100, 40]);
  assert.deepEqual([by('RSS, 1000')?.values.embedded, by('RSS, 1000')?.values.go], [150, 60]);
  // 50 MiB over 1,000 CRs = 51.2 KiB per CR; 20 MiB = 20.48
  assert.deepEqual([by('marginal RSS')?.values.embedded, by('marginal RSS')?.values.go], [51.2, 20.48]);
  const printed = table(rows);
  assert.match(printed, /1000 new CRs → observed, all +\| 50\.0 s +\| 100\.0 s +\| 0\.50× +\|/);
  assert.match(printed, /marginal RSS per CR +\| 51\.2 KiB\/CR +\| 20\.5 KiB\/CR +\| 2\.50× +\|/);
});

test('storeRows needs a run per side', () => {
  assert.throws(() => storeRows([run('go', 1, 2, 3)], 1000, 'observed'), /a run per side/);
});
