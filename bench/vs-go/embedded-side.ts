// The embedded controller in a child process (embedded-child.ts, with --expose-gc): started per
// run with its worker count, ready once its operator for the bench CRD runs; it collects garbage
// and writes heap snapshots on request. The child runs compiled ahead of time the way `npm start`
// runs the controller (apps/controller/src/build), so its RSS is what users get.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuilt, type BuildTarget } from '../../apps/controller/src/build/compile';
import { repoRoot } from '../../apps/controller/src/config';
import { NODE_SERVICE_ENV } from '../../scripts/lib/proc';

/** One controller process of either side. */
export interface RunningController {
  readonly pid: number;
  /** The process's last output lines (for an error message). */
  log(): string;
  stop(): Promise<void>;
  /**
   * The process's resident set (VmRSS) and its heap in use: embedded, after a forced full GC
   * (V8's used heap); Go, as it is (go_memstats_heap_alloc_bytes: live objects plus garbage not
   * yet swept, so up to GOGC's 2× the live heap).
   */
  memory(): Promise<{ rssBytes: number; heapBytes: number }>;
  /** Embedded only: a V8 CPU profile of the process while `during` runs, written to `file`. */
  cpuProfile?<T>(file: string, during: () => Promise<T>): Promise<T>;
  /** Embedded only: writes a heap snapshot, resolves with its path. */
  heapSnapshot?(file: string): Promise<string>;
  /** The process's Prometheus metrics as text (what `/metrics` serves): where a reconcile's time goes. */
  metricsText(): Promise<string>;
}

export interface EmbeddedOptions {
  readonly kubeconfig: string;
  readonly databaseUrl: string;
  readonly lease: string;
  readonly crdName: string;
  readonly workers: number;
}

const CHILD_BUILD: BuildTarget = {
  outdir: 'bench/vs-go/dist',
  entries: { 'embedded-child': 'bench/vs-go/embedded-child.ts' },
};

export async function startEmbedded(o: EmbeddedOptions): Promise<RunningController> {
  await ensureBuilt(CHILD_BUILD);
  const childScript = path.join(repoRoot, CHILD_BUILD.outdir, 'embedded-child.mjs');
  const child = spawn(process.execPath, ['--expose-gc', childScript], {
    env: {
      ...NODE_SERVICE_ENV, // as npm start and the image run it
      ...process.env,
      OPSTUDIO_KUBECONFIG: o.kubeconfig,
      DATABASE_URL: o.databaseUrl,
      VSGO_LEASE: o.lease,
      VSGO_CRD: o.crdName,
      VSGO_WORKERS: String(o.workers),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (d: Buffer) => (output = `${output}${d.toString()}`.slice(-8000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const waiters: { event: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      output = `${output}${text}\n`.slice(-8000);
      return;
    }
    const i = waiters.findIndex((w) => w.event === line.event);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(line);
  });
  const next = (event: string, timeoutMs: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`embedded controller: no "${event}" in ${timeoutMs} ms\n${output}`)),
        timeoutMs,
      );
      waiters.push({ event, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      void exited.then(() => reject(new Error(`the embedded controller exited (${child.exitCode}):\n${output}`)));
    });
  // leader election first: a fresh Lease is taken at once, one left by a killed run after 15 s
  await next('ready', 90_000);
  return {
    pid: child.pid ?? 0,
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 15_000)),
      ]);
      if (!stopped) child.kill('SIGKILL');
    },
    memory: async () => {
      const answer = next('gc', 60_000);
      child.stdin.write('gc\n');
      const line = await answer;
      if (line.exposed !== true) throw new Error('the embedded child runs without --expose-gc');
      return { rssBytes: Number(line.rss), heapBytes: Number(line.heapUsed) };
    },
    metricsText: async () => {
      const answer = next('metrics', 30_000);
      child.stdin.write('metrics\n');
      return String((await answer).text);
    },
    cpuProfile: async (file, during) => {
      const started = next('profile', 30_000);
      child.stdin.write('profile-start\n');
      await started;
      const result = await during();
      const written = next('profile', 60_000);
      child.stdin.write(`profile-stop ${file}\n`);
      await written;
      return result;
    },
    heapSnapshot: async (file) => {
      const answer = next('heap', 300_000);
      child.stdin.write(`heap ${file}\n`);
      return String((await answer).file);
    },
  };
}
