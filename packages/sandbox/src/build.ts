// Builds the sandbox binaries from the Go wrapper modules into the version-keyed cache.
// Each module is rebuilt only when a binary is missing or its go.mod/go.sum/flags stamp changed;
// builds go to a temp folder first, so a killed build never leaves a half-written binary behind.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findGo } from './go-toolchain';
import { acquireLock } from './lock';
import { isPidAlive } from './process';
import {
  MODULE_NAMES,
  MODULES,
  PINS,
  binDir,
  goBuildArgs,
  goDirective,
  moduleDir,
  readModuleStamp,
  type ModuleName,
} from './versions';

export type Progress = (line: string) => void;

export class SandboxBuildError extends Error {
  override name = 'SandboxBuildError';
}

export interface EnsureBinariesOptions {
  onProgress?: Progress;
  env?: NodeJS.ProcessEnv;
  /** Seconds between "still building" lines during a long build. */
  heartbeatSeconds?: number;
}

export interface EnsureBinariesResult {
  binDir: string;
  built: ModuleName[];
  durationMs: number;
}

const VERSION_OF: Record<ModuleName, string> = {
  kube: `Kubernetes v${PINS.kubernetes}`,
  etcd: `etcd v${PINS.etcd}`,
  kwok: `kwok v${PINS.kwok}`,
};

function stampFile(dir: string, module: ModuleName): string {
  return join(dir, `.${module}.stamp`);
}

/** Which modules need a (re)build: a missing binary or a stamp that no longer matches. */
export function staleModules(dir: string, stamps: Record<ModuleName, string>): ModuleName[] {
  return MODULE_NAMES.filter((m) => {
    if (MODULES[m].binaries.some((b) => !existsSync(join(dir, b)))) return true;
    try {
      return readFileSync(stampFile(dir, m), 'utf8').trim() !== stamps[m];
    } catch {
      return true;
    }
  });
}

export function formatElapsed(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** Removes temp build folders left by builds that were killed. */
function cleanAbandonedBuilds(root: string): void {
  if (!existsSync(root)) return;
  for (const entry of readdirSync(root)) {
    const m = /^\.build-(\d+)-/.exec(entry);
    if (m && !isPidAlive(Number(m[1]))) rmSync(join(root, entry), { recursive: true, force: true });
  }
}

export async function ensureBinaries(opts: EnsureBinariesOptions = {}): Promise<EnsureBinariesResult> {
  const started = Date.now();
  const env = opts.env ?? process.env;
  const progress = opts.onProgress ?? (() => {});
  const dir = binDir(env);
  const stamps = Object.fromEntries(MODULE_NAMES.map((m) => [m, readModuleStamp(m)])) as Record<ModuleName, string>;
  if (staleModules(dir, stamps).length === 0) return { binDir: dir, built: [], durationMs: Date.now() - started };

  const keyDir = dirname(dir);
  mkdirSync(dir, { recursive: true });
  const release = await acquireLock(join(keyDir, 'build.lock'), {
    onWait: (pid) => progress(`waiting for another sandbox build (pid ${pid}) to finish…`),
  });
  try {
    cleanAbandonedBuilds(keyDir);
    // Another process may have built while we waited for the lock.
    const stale = staleModules(dir, stamps);
    if (stale.length === 0) return { binDir: dir, built: [], durationMs: Date.now() - started };

    const required = MODULE_NAMES.map((m) => goDirective(readFileSync(join(moduleDir(m), 'go.mod'), 'utf8')) ?? '1.0')
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))
      .at(-1)!;
    const go = await findGo(required, env);
    // Smaller builds first so their progress shows quickly; kube is the long one.
    const order = (['etcd', 'kwok', 'kube'] as const).filter((m) => stale.includes(m));
    for (const [i, module] of order.entries()) {
      await buildModule(
        go,
        module,
        dir,
        keyDir,
        env,
        `[${i + 1}/${order.length}]`,
        progress,
        opts.heartbeatSeconds ?? 15,
      );
      writeFileSync(stampFile(dir, module), `${stamps[module]}\n`);
    }
    progress(`sandbox binaries ready in ${dir} (${formatElapsed(Date.now() - started)})`);
    return { binDir: dir, built: order, durationMs: Date.now() - started };
  } finally {
    release();
  }
}

async function buildModule(
  go: string,
  module: ModuleName,
  dir: string,
  keyDir: string,
  env: NodeJS.ProcessEnv,
  step: string,
  progress: Progress,
  heartbeatSeconds: number,
): Promise<void> {
  const names = MODULES[module].binaries.join(', ');
  const note = module === 'kube' ? ' (a cold build takes 15–30 min on 2 cores; later runs reuse the cache)' : '';
  progress(`${step} building ${names} from ${VERSION_OF[module]}${note}…`);
  const tmp = join(keyDir, `.build-${process.pid}-${module}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const started = Date.now();
  const tail: string[] = [];
  const timer = setInterval(
    () => progress(`${step} still building ${names}… ${formatElapsed(Date.now() - started)} elapsed`),
    heartbeatSeconds * 1000,
  );
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(go, goBuildArgs(module, tmp), {
        cwd: moduleDir(module),
        env: { ...env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const collect = (chunk: Buffer): void => {
        tail.push(
          ...chunk
            .toString('utf8')
            .split('\n')
            .filter((l) => l.trim() !== ''),
        );
        if (tail.length > 30) tail.splice(0, tail.length - 30);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) {
      throw new SandboxBuildError(
        `building ${names} failed (go build exited ${code}); fix the error below or delete ${dir} and retry:\n${tail.join('\n')}`,
      );
    }
    for (const bin of MODULES[module].binaries) {
      const built = join(tmp, bin);
      if (!existsSync(built)) throw new SandboxBuildError(`go build finished but ${bin} is missing in ${tmp}`);
      renameSync(built, join(dir, bin)); // atomic within one filesystem
    }
    progress(`${step} built ${names} in ${formatElapsed(Date.now() - started)}`);
  } finally {
    clearInterval(timer);
    rmSync(tmp, { recursive: true, force: true });
  }
}
