// The export's build check, step by step, as a user (or CI) runs it on the unzipped tree:
// go mod tidy changes nothing → go build → go vet → `make generate manifests` changes nothing
// (with the cached controller-gen placed where the Makefile looks, so it is not rebuilt) →
// go test with KUBEBUILDER_ASSETS. Each step is timed for the report.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { CONTROLLER_GEN_VERSION, ensureControllerGen } from '../oracle/controller-gen';

export interface StepResult {
  readonly step: string;
  readonly ok: boolean;
  readonly seconds: number;
  readonly output: string;
}

/** Go with the module proxy only (no checksum database) and no VCS stamping. */
export function goEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, GOSUMDB: 'off', GOFLAGS: '-buildvcs=false', GOTOOLCHAIN: 'local', ...extra };
}

export function run(
  step: string,
  dir: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = goEnv(),
): StepResult {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
  return { step, ok: r.status === 0, seconds: (Date.now() - started) / 1000, output: output.slice(-4000) };
}

/** sha256 of every file under dir (bin/ and cover.out left out), keyed by relative path. */
export function treeHashes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      const rel = relative(dir, p);
      if (rel === 'bin' || rel === 'cover.out') continue;
      if (statSync(p).isDirectory()) walk(p);
      else out.set(rel, createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

export function changedFiles(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}

/** Puts the cached controller-gen where kubebuilder's Makefile looks (LOCALBIN, versioned name + symlink). */
export function placeControllerGen(dir: string): void {
  const built = ensureControllerGen();
  if (!built.ok) throw new Error(built.reason);
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const versioned = join(bin, `controller-gen-${CONTROLLER_GEN_VERSION}`);
  copyFileSync(built.binary, versioned);
  symlinkSync(versioned, join(bin, 'controller-gen'));
}

export function hasGo(): boolean {
  return spawnSync('go', ['version']).status === 0 && spawnSync('make', ['--version']).status === 0;
}
