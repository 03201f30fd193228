// What /proc says about a process: its resident set (VmRSS), the figure `ps`/`top` show, read the
// same way for the Node and the Go process.
import { readFileSync } from 'node:fs';

export function vmRssBytes(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (m === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
}
