// Builds the CEL module to WebAssembly (GOOS=js GOARCH=wasm, stripped) into the binaries cache,
// keyed by a hash of the Go sources, go.mod, go.sum and the Go version: a fresh clone of the same
// sources reuses it, a change builds anew (about a minute cold). Beside it: Go's own
// wasm_exec.js from the same toolchain (the JavaScript half of the Go runtime; it must match
// the compiler) and a gzip copy for the browser. Called by scripts/setup.sh. Each build is ~45 MB:
// after building, the builds nobody used for an hour go, but the one before this one stays
// (pruneCelBuilds: every use touches its folder, so another checkout's or a running studio's is kept).
//   node --import tsx packages/cel/src/build.ts     # builds if missing, prints the folder
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { acquireLock, cacheRoot, findGo } from '@opstudio/sandbox';

const run = promisify(execFile);
/** packages/cel: the Go module's root */
export const CEL_MODULE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const GO_REQUIRED = '1.26';

export interface CelArtifacts {
  readonly dir: string;
  readonly wasm: string;
  readonly wasmGz: string;
  readonly wasmExec: string;
  /** the content hash, for cache-busting URLs */
  readonly hash: string;
}

function goSources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules' && e.name !== 'src') out.push(...goSources(p));
    else if (e.isFile() && (e.name.endsWith('.go') || e.name === 'go.mod' || e.name === 'go.sum')) out.push(p);
  }
  return out.sort();
}

async function goVersion(go: string): Promise<string> {
  return (await run(go, ['env', 'GOVERSION'])).stdout.trim();
}

export function sourceHash(version: string): string {
  const h = createHash('sha256').update(version);
  for (const f of goSources(CEL_MODULE_DIR))
    if (!f.endsWith('_test.go')) h.update(relative(CEL_MODULE_DIR, f)).update('\0').update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

function artifacts(dir: string, hash: string): CelArtifacts {
  return {
    dir,
    wasm: join(dir, 'cel.wasm'),
    wasmGz: join(dir, 'cel.wasm.gz'),
    wasmExec: join(dir, 'wasm_exec.js'),
    hash,
  };
}

/** The built module, building it first when the sources changed. */
export async function ensureCel(
  env: NodeJS.ProcessEnv = process.env,
  say: (m: string) => void = () => {},
): Promise<CelArtifacts> {
  const go = await findGo(GO_REQUIRED, env);
  const version = await goVersion(go);
  const hash = sourceHash(version);
  const out = artifacts(join(cacheRoot(env), `cel-${hash}`), hash);
  if (existsSync(out.wasmGz)) return markUsed(out);
  const parent = cacheRoot(env);
  mkdirSync(parent, { recursive: true });
  const release = await acquireLock(join(parent, 'cel-build.lock'), {
    onWait: (pid) => say(`waiting for another CEL build (pid ${pid}) to finish…`),
  });
  try {
    if (existsSync(out.wasmGz)) return markUsed(out);
    say('building the CEL module (cel-go + k8s.io/apiserver) to WebAssembly (about a minute cold)…');
    const tmp = mkdtempSync(join(parent, '.cel-build-'));
    try {
      await goBuild(go, join(tmp, 'cel.wasm'), env);
      const goroot = (await run(go, ['env', 'GOROOT'])).stdout.trim();
      copyFileSync(join(goroot, 'lib', 'wasm', 'wasm_exec.js'), join(tmp, 'wasm_exec.js'));
      writeFileSync(join(tmp, 'cel.wasm.gz'), gzipSync(readFileSync(join(tmp, 'cel.wasm')), { level: 9 }));
      rmSync(out.dir, { recursive: true, force: true });
      renameSync(tmp, out.dir);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      throw err;
    }
    const pruned = pruneCelBuilds(parent, out.dir);
    if (pruned.length > 0) say(`removed ${pruned.length} old CEL build(s) from ${parent}`);
    return out;
  } finally {
    release();
  }
}

/** A build's folder time is when it was last used (pruneCelBuilds keeps the recent ones). */
function markUsed(out: CelArtifacts): CelArtifacts {
  try {
    const now = new Date();
    utimesSync(out.dir, now, now);
  } catch {
    // a read-only cache: nothing is pruned there either
  }
  return out;
}

/** How long a build nobody used is kept: a checkout or a running studio touches its own (ensureCel, the web server). */
export const KEEP_UNUSED_MS = 60 * 60 * 1000;
const BUILD_DIR = /^cel-[0-9a-f]{16}$/;
const LEFTOVER_DIR = /^\.cel-build-/;

/**
 * Removes old builds from the binaries cache: every `cel-<hash>` folder (and every leftover of an
 * interrupted build) unused for KEEP_UNUSED_MS, except `keep` and the most recently used other
 * build (the one a checkout on the previous sources, or a rollback, wants). Returns what went.
 */
export function pruneCelBuilds(parent: string, keep: string, now = Date.now()): string[] {
  const found: { dir: string; used: number; build: boolean }[] = [];
  for (const e of readdirSync(parent, { withFileTypes: true })) {
    const build = BUILD_DIR.test(e.name);
    if (!e.isDirectory() || (!build && !LEFTOVER_DIR.test(e.name)) || e.name === basename(keep)) continue;
    try {
      found.push({ dir: join(parent, e.name), used: statSync(join(parent, e.name)).mtimeMs, build });
    } catch {
      // gone meanwhile
    }
  }
  const previous = found.filter((f) => f.build).sort((a, b) => b.used - a.used)[0];
  const removed: string[] = [];
  for (const f of found) {
    if (f === previous || now - f.used < KEEP_UNUSED_MS) continue;
    rmSync(f.dir, { recursive: true, force: true });
    removed.push(f.dir);
  }
  return removed;
}

function goBuild(go: string, output: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(go, ['build', '-trimpath', '-ldflags=-s -w', '-o', output, './wasm'], {
      cwd: CEL_MODULE_DIR,
      env: { ...env, GOOS: 'js', GOARCH: 'wasm', GOFLAGS: '-mod=mod -buildvcs=false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (b: Buffer) => (tail = (tail + b.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the CEL module failed (go build exited ${code}):\n${tail}`)),
    );
  });
}

/**
 * A copy in packages/cel/dist/cel-<hash> (ignored by git, part of the image's build context): the
 * container image has no Go, so it takes the module built here (Dockerfile).
 */
export function mirrorIntoDist(built: CelArtifacts): string {
  const dist = join(CEL_MODULE_DIR, 'dist');
  const target = join(dist, `cel-${built.hash}`);
  if (existsSync(join(target, 'cel.wasm.gz'))) return target;
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const f of [built.wasm, built.wasmGz, built.wasmExec])
    copyFileSync(f, join(target, f.slice(built.dir.length + 1)));
  return target;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureCel(process.env, (m) => console.error(`[cel] ${m}`)).then(
    (a) => {
      mirrorIntoDist(a);
      console.log(a.dir);
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
