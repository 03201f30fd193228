/**
 * The real controller-gen v0.21.0, for oracle tests: built once with `go install` into the
 * cache outside the clone (`~/.cache/operator-studio/controller-gen-v0.21.0/`, or under
 * OPSTUDIO_CACHE_DIR), via a temp dir and a rename so an interrupted build leaves nothing
 * half-written; then run on a temp Go module holding generated files, with the go.mod/go.sum
 * kept in testdata/ (k8s.io/apimachinery v0.36, controller-runtime v0.24).
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTROLLER_GEN_VERSION = 'v0.21.0';
const cacheRoot = (): string => process.env.OPSTUDIO_CACHE_DIR ?? join(homedir(), '.cache', 'operator-studio');
export const controllerGenPath = (): string =>
  join(cacheRoot(), `controller-gen-${CONTROLLER_GEN_VERSION}`, 'controller-gen');

export type Built = { ok: true; binary: string; seconds: number } | { ok: false; reason: string };

/** The cached binary, building it first if needed (minutes when the module cache is cold). */
export function ensureControllerGen(): Built {
  const binary = controllerGenPath();
  if (existsSync(binary)) return { ok: true, binary, seconds: 0 };
  if (spawnSync('go', ['version']).status !== 0) return { ok: false, reason: 'go is not installed' };
  mkdirSync(dirname(binary), { recursive: true });
  process.stderr.write(
    `building controller-gen ${CONTROLLER_GEN_VERSION} into ${binary} (minutes when the Go module cache is cold)\n`,
  );
  const tmp = mkdtempSync(join(dirname(binary), '.build-'));
  const started = Date.now();
  try {
    const r = spawnSync(
      'go',
      ['install', `sigs.k8s.io/controller-tools/cmd/controller-gen@${CONTROLLER_GEN_VERSION}`],
      {
        env: { ...process.env, GOBIN: tmp },
        cwd: tmp,
        encoding: 'utf8',
      },
    );
    if (r.status !== 0)
      return { ok: false, reason: `go install controller-gen failed: ${r.stderr.trim().split('\n').pop() ?? ''}` };
    renameSync(join(tmp, 'controller-gen'), binary);
    return { ok: true, binary, seconds: (Date.now() - started) / 1000 };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const testdata = fileURLToPath(new URL('testdata/', import.meta.url));

/** A temp Go module (our pinned go.mod/go.sum, renamed to `modulePath`) holding `files`. */
export function writeModule(modulePath: string, files: ReadonlyMap<string, string>): string {
  const dir = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', 'opstudio-oracle-'));
  writeFileSync(
    join(dir, 'go.mod'),
    readFileSync(join(testdata, 'go.mod.txt'), 'utf8').replace(/^module .*$/m, `module ${modulePath}`),
  );
  copyFileSync(join(testdata, 'go.sum.txt'), join(dir, 'go.sum'));
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export interface RunResult {
  status: number | null;
  stderr: string;
}

/** Go with the module cache as it is; GOSUMDB off because only the module proxy is reachable. */
export function go(dir: string, args: string[]): RunResult {
  const r = spawnSync('go', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod -buildvcs=false', GOSUMDB: 'off' },
  });
  return { status: r.status, stderr: `${r.stdout}${r.stderr}` };
}

/**
 * kubebuilder's `make generate manifests` in one run: deepcopy (object), the CRDs into
 * config/crd/bases and the ClusterRole into config/rbac.
 */
export function runControllerGen(binary: string, dir: string, opts: { allowDangerousTypes?: boolean } = {}): RunResult {
  const args = [
    'object',
    'rbac:roleName=manager-role',
    opts.allowDangerousTypes ? 'crd:allowDangerousTypes=true' : 'crd',
    'paths=./...',
    'output:crd:artifacts:config=config/crd/bases',
    'output:rbac:artifacts:config=config/rbac',
  ];
  const r = spawnSync(binary, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod -buildvcs=false', GOSUMDB: 'off' },
  });
  return { status: r.status, stderr: `${r.stdout}${r.stderr}` };
}
