/**
 * Child processes started by `npm start` and `npm test`: each one is tracked so that
 * Ctrl-C (or a failure) stops exactly what this run started and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const started: { name: string; child: ChildProcess }[] = [];

/**
 * What every Node service starts with unless the environment says otherwise (the image sets the
 * same). glibc's malloc gives each thread that contends an arena of its own (up to eight per
 * core) and keeps what it frees there: Node's threads (libuv's pool, V8's helpers, the planner)
 * left an idle controller 15–45 MiB above what two arenas hold (docs/design/0059).
 */
export const NODE_SERVICE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

export interface ServiceOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Append output here instead of inheriting the terminal. */
  logFile?: string;
}

export function startService(opts: ServiceOptions): ChildProcess {
  let stdio: 'inherit' | ['ignore', number, number] = 'inherit';
  if (opts.logFile) {
    fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
    const fd = fs.openSync(opts.logFile, 'a');
    stdio = ['ignore', fd, fd];
  }
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: { ...NODE_SERVICE_ENV, ...process.env, ...opts.env },
    stdio,
    detached: true, // own process group: stopping it stops its children (next start's workers)
  });
  started.push({ name: opts.name, child });
  return child;
}

/** Polls until the URL answers 2xx, the process exits, or the time runs out. */
/** `answered`: which answer means ready (default 2xx; the web app's front door may answer 403 to a name it does not serve). */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  describe: string,
  answered: (res: Response) => boolean = (res) => res.ok,
  request: (url: string, init: { signal: AbortSignal }) => Promise<Response> = fetch,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${describe} exited (code ${child.exitCode ?? child.signalCode}) before it was ready`);
    }
    try {
      const res = await request(url, { signal: AbortSignal.timeout(2000) });
      if (answered(res)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${describe} did not become ready at ${url} within ${Math.round(timeoutMs / 1000)} s`);
}

/** Calls back once when any started service exits on its own (not through stopServices). */
export function onServiceDeath(callback: (name: string, code: number | null) => void): void {
  for (const { name, child } of started) {
    child.once('exit', (code) => {
      if (!stopping) callback(name, code);
    });
  }
}

let stopping = false;

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Stops every service this process started, newest first: SIGTERM, then SIGKILL after a grace period. */
export async function stopServices(graceMs = 5000): Promise<void> {
  stopping = true;
  for (const { child } of started.reverse()) {
    if (!alive(child) || child.pid === undefined) continue;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      continue;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, graceMs);
    await exited;
    clearTimeout(timer);
  }
  started.length = 0;
  stopping = false;
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; quiet?: boolean } = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: opts.quiet ? 'ignore' : 'inherit',
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}
