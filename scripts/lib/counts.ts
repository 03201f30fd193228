/** Reads pass/fail counts from the runners' machine-readable output (node's TAP, Playwright's JSON). */
import fs from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export const zero = (): Counts => ({ passed: 0, failed: 0, skipped: 0 });

export function add(a: Counts, b: Counts): Counts {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}

/** Node's TAP reporter ends with `# pass N`, `# fail N`, `# cancelled N`, `# skipped N`, `# todo N`. */
export function countsFromTap(tap: string): Counts {
  const n = (key: string): number => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  return { passed: n('pass'), failed: n('fail') + n('cancelled'), skipped: n('skipped') + n('todo') };
}

export function countsFromPlaywrightJson(file: string): Counts {
  if (!fs.existsSync(file)) return zero();
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  };
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}
