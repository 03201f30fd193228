// The replicated-store bench's table rows from each side's run (idle and settled memory points,
// the burst's times, the controller's CPU): pure, so the sums are tested alone (rows.test.ts).
import { marginalBytesPerCr, type MemoryResult } from '../vs-go/memory';
import type { SideName } from '../vs-go/design';
import type { Row } from '../vs-go/report';

export interface SideRun {
  readonly side: SideName;
  /** Points: idle (0 CRs beyond the warm-up), then the burst's CRs settled. */
  readonly memory: MemoryResult;
  /** The controller process's CPU time over the run (idle wait, burst, settling; not the heap snapshot). */
  readonly cpuSeconds: number;
}

const MIB = 1024 * 1024;

export function storeRows(runs: readonly SideRun[], crs: number, milestone: string): Row[] {
  const e = runs.find((r) => r.side === 'embedded');
  const g = runs.find((r) => r.side === 'go');
  if (e === undefined || g === undefined) throw new Error('storeRows: a run per side');
  const point = (r: SideRun, i: 0 | 1) => r.memory.points[i];
  const row = (workload: string, measure: string, unit: Row['unit'], of: (r: SideRun) => number | undefined): Row => ({
    workload,
    measure,
    values: { embedded: of(e) ?? NaN, go: of(g) ?? NaN },
    unit,
  });
  const burst = `${crs} new CRs →`;
  return [
    row('burst', `${burst} ${milestone}, p50`, 's', (r) => point(r, 1)?.settledP50Seconds),
    row('burst', `${burst} ${milestone}, all`, 's', (r) => point(r, 1)?.settledSeconds),
    row('burst', 'controller CPU over the run', 's', (r) => r.cpuSeconds),
    row('memory', 'RSS idle (warm-up CR only)', 'MiB', (r) => (point(r, 0)?.rssBytes ?? NaN) / MIB),
    row('memory', `RSS, ${crs} CRs settled`, 'MiB', (r) => (point(r, 1)?.rssBytes ?? NaN) / MIB),
    row('memory', `heap in use, ${crs} CRs settled`, 'MiB', (r) => (point(r, 1)?.heapBytes ?? NaN) / MIB),
    row('memory', 'marginal RSS per CR', 'KiB/CR', (r) => marginalBytesPerCr(r.memory.points, 'rssBytes') / 1024),
    row('memory', 'marginal heap per CR', 'KiB/CR', (r) => marginalBytesPerCr(r.memory.points, 'heapBytes') / 1024),
  ];
}
