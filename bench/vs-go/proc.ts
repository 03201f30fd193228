// What /proc says about a process: its resident set (VmRSS), the figure `ps`/`top` show, read the
// same way for the Node and the Go process; the CPU time it has used.
import { readdirSync, readFileSync } from 'node:fs';

export function vmRssBytes(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (m === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) * 1024;
}

/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat, at the kernel's 100 Hz tick). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1000) / 100;
}

/** The pids of the sandbox's kube-apiserver and etcd (their command lines name the profile's data directory). */
export function apiServerAndEtcdPids(profile: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd: string;
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const [exe = ''] = cmd.split('\0');
    if ((exe.endsWith('/kube-apiserver') || exe.endsWith('/etcd')) && cmd.includes(`sandbox-${profile}`))
      pids.push(Number(entry));
  }
  return pids;
}
