// Detached component processes: each runs in its own process group (so it outlives the CLI and
// can be stopped with all its children), logs to <dataDir>/logs/<name>.log, and has a pid file.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';

/** True when the pid exists and is not a zombie. */
export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // "pid (comm) S ..." — the state letter follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc (not Linux): trust kill(0)
  }
}

/** The pid's command line, or undefined when it is gone or unreadable. */
export function pidCommand(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return undefined;
  }
}

/** Reads a pid file and returns the pid only if that process is alive and still runs `binary`. */
export function livePid(pidFile: string, binary: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPidAlive(pid)) return undefined;
  const cmd = pidCommand(pid);
  // A recycled pid running something else is not ours.
  if (cmd !== undefined && !cmd.startsWith(binary)) return undefined;
  return pid;
}

export interface StartSpec {
  name: string;
  binary: string;
  args: string[];
  logFile: string;
  pidFile: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface Started {
  pid: number;
  /** Set once the process has exited (while this CLI still runs). */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
}

export function startDetached(spec: StartSpec): Started {
  mkdirSync(dirname(spec.logFile), { recursive: true });
  mkdirSync(dirname(spec.pidFile), { recursive: true });
  // One log per run; the previous run's log is kept beside it for a post-mortem.
  if (existsSync(spec.logFile)) renameSync(spec.logFile, `${spec.logFile}.1`);
  const fd = openSync(spec.logFile, 'w');
  try {
    const child = spawn(spec.binary, spec.args, {
      detached: true, // setsid: its own process group, survives the CLI
      stdio: ['ignore', fd, fd],
      env: spec.env ?? process.env,
      cwd: spec.cwd,
    });
    if (child.pid === undefined) throw new Error(`${spec.name} did not start (${spec.binary})`);
    const started: Started = { pid: child.pid, exit: undefined };
    child.on('exit', (code, signal) => {
      started.exit = { code, signal };
    });
    child.on('error', () => {
      started.exit ??= { code: null, signal: null };
    });
    child.unref();
    writeFileSync(spec.pidFile, `${child.pid}\n`);
    return started;
  } finally {
    closeSync(fd);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, signal);
    } catch {
      // already gone, or not a group leader
    }
  }
}

/** SIGTERM the process group, then SIGKILL after `graceMs`; resolves when the pid is gone. */
export async function stopPid(pid: number, graceMs = 10_000): Promise<void> {
  signalGroup(pid, 'SIGTERM');
  const killAt = Date.now() + graceMs;
  while (isPidAlive(pid)) {
    if (Date.now() > killAt) {
      signalGroup(pid, 'SIGKILL');
      if (Date.now() > killAt + 5000) throw new Error(`process ${pid} survived SIGKILL`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function removeFile(path: string): void {
  rmSync(path, { force: true });
}

/** The last `lines` lines of a log file, for error messages. */
export function logTail(file: string, lines = 15): string {
  if (!existsSync(file)) return '(no log)';
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, 64 * 1024);
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, size - length);
    return buf.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } finally {
    closeSync(fd);
  }
}
