// The exported Go manager of the bench design: `go build` once into the binaries cache
// (~/.cache/operator-studio/go-export/<hash of the scaffolded files and the Go version>/manager),
// so a re-run starts at once; then one process per run with the worker count as a flag. Unlike
// apps/controller/testing/go-manager.ts (a temp build per test) the CRD and the process have
// separate lifetimes here: the CRD stays for the whole bench, the process is restarted per run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { cacheRoot } from '../../packages/sandbox/src/versions';
import type { Design } from '../../packages/shared/src/design/schema';
import { scaffoldProject } from '../../packages/shared/src/scaffold/scaffold';
import { goEnv } from '../../apps/controller/src/export/go-check';
import { writeTree } from '../../apps/controller/src/export/write-tree';
import { eventually } from '../../apps/controller/testing';
import { freePort } from '../../apps/controller/testing/go-manager';
import type { RunningController } from './embedded-side';
import { vmRssBytes } from './proc';

export interface GoBuild {
  readonly binary: string;
  readonly crd: Record<string, unknown>;
  /** Seconds `go build` took, 0 when the cached binary was used. */
  readonly buildSeconds: number;
}

export function buildGoManager(design: Design, log: (line: string) => void): GoBuild {
  const files = scaffoldProject(design).files;
  const crdPath = [...files.keys()].find((p) => p.startsWith('config/crd/bases/'));
  if (crdPath === undefined) throw new Error('the export has no CRD under config/crd/bases');
  const crd = parseYaml(files.get(crdPath)!) as Record<string, unknown>;
  const hash = createHash('sha256').update(execFileSync('go', ['version'], { env: goEnv() }));
  for (const [p, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${p}\0${text}\0`);
  const dir = path.join(cacheRoot(), 'go-export', hash.digest('hex').slice(0, 16));
  const binary = path.join(dir, 'manager');
  if (existsSync(binary)) return { binary, crd, buildSeconds: 0 };
  const work = mkdtempSync(path.join(tmpdir(), 'opstudio-vs-go-'));
  try {
    writeTree(work, files);
    log(`go build of the export (once; cached in ${dir})`);
    const started = Date.now();
    execFileSync('go', ['build', '-o', 'bin/manager', './cmd/main.go'], { cwd: work, env: goEnv(), stdio: 'pipe' });
    mkdirSync(dir, { recursive: true });
    copyFileSync(path.join(work, 'bin', 'manager'), `${binary}.tmp`);
    renameSync(`${binary}.tmp`, binary); // a build cut short never leaves a half-written binary
    return { binary, crd, buildSeconds: (Date.now() - started) / 1000 };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Starts the Go manager with `workers` reconcile workers; resolves once /readyz answers. */
export function startGoManager(binary: string, kubeconfig: string, workers: number): Promise<RunningController> {
  return startGoProcess('the Go manager', binary, kubeconfig, ({ metrics, probe }) => [
    // plain HTTP on loopback: the bench reads go_memstats_heap_alloc_bytes from it
    `--metrics-bind-address=127.0.0.1:${metrics}`,
    '--metrics-secure=false',
    `--health-probe-bind-address=127.0.0.1:${probe}`,
    `--max-concurrent-reconciles=${workers}`,
    '--zap-log-level=error', // its per-reconcile info lines would cost it CPU the embedded side does not spend
    // no --ignore-studio-lease: it holds its own kind's hand-off Lease as a user's `make run` does,
    // and survives the outage workload with it (docs/design/0030)
  ]);
}

/**
 * A controller process built with controller-runtime (the export's manager, kro's controller):
 * its metrics (plain HTTP) and health probes on free loopback ports; resolves once /readyz answers.
 * RSS from /proc, the heap from go_memstats_heap_alloc_bytes (a Go process cannot be asked to collect).
 */
export async function startGoProcess(
  what: string,
  binary: string,
  kubeconfig: string,
  args: (ports: { metrics: number; probe: number }) => string[],
): Promise<RunningController> {
  const [probePort, metricsPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(binary, args({ metrics: metricsPort, probe: probePort }), {
    env: goEnv({ KUBECONFIG: path.resolve(kubeconfig) }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => (output = `${output}${d.toString()}`.slice(-8000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await eventually(`${what} to be ready`, 60_000, async () => {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${probePort}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    return ok ? true : undefined;
  });
  return {
    pid: child.pid ?? 0,
    log: () => output,
    metricsText: async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
    memory: async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const heap = /^go_memstats_heap_alloc_bytes (\S+)$/m.exec(text)?.[1];
      return { rssBytes: vmRssBytes(child.pid ?? 0), heapBytes: heap === undefined ? NaN : Number(heap) };
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 10_000)),
      ]);
      if (!stopped) child.kill('SIGKILL');
    },
  };
}
