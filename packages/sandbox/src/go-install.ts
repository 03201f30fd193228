// A Go tool the tests need that Debian does not package (helm, kro's controller), built from its
// Go module with `go install` into the binaries cache, once per pinned version
// (~/.cache/operator-studio/<name>-v<version>/<name>, or under OPSTUDIO_CACHE_DIR). Like the
// sandbox binaries: a lock so two builds never race, a temp GOBIN and a rename so a killed build
// leaves no half-written binary.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { formatElapsed, SandboxBuildError, type Progress } from './build';
import { findGo } from './go-toolchain';
import { acquireLock } from './lock';
import { cacheRoot } from './versions';

export interface GoTool {
  /** the binary's name in the cache */
  readonly name: string;
  /** the main package, without a version: `helm.sh/helm/v3/cmd/helm` */
  readonly pkg: string;
  /** the pinned version, without the `v` */
  readonly version: string;
  /** the oldest Go that builds it: the `go` directive of its go.mod */
  readonly go: string;
  /** how long a cold build takes, for the progress line */
  readonly cold: string;
}

export function goToolPath(tool: GoTool, env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheRoot(env), `${tool.name}-v${tool.version}`, tool.name);
}

/** The cached binary's path, building it first when it is missing (minutes cold, then instant). */
export async function ensureGoTool(
  tool: GoTool,
  opts: { onProgress?: Progress; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const env = opts.env ?? process.env;
  const progress = opts.onProgress ?? (() => {});
  const binary = goToolPath(tool, env);
  if (existsSync(binary)) return binary;
  const dir = join(binary, '..');
  mkdirSync(dir, { recursive: true });
  const label = `${tool.name} v${tool.version}`;
  const release = await acquireLock(join(dir, 'build.lock'), {
    onWait: (pid) => progress(`waiting for another ${tool.name} build (pid ${pid}) to finish…`),
  });
  try {
    if (existsSync(binary)) return binary; // built by the holder of the lock while we waited
    const go = await findGo(tool.go, env);
    const started = Date.now();
    progress(`building ${label} from its Go module (${tool.cold} cold; later runs reuse the cache)…`);
    const tmp = mkdtempSync(join(dir, '.build-'));
    try {
      const tail = await goInstall(go, tmp, `${tool.pkg}@v${tool.version}`, env);
      const built = join(tmp, tool.pkg.split('/').pop()!);
      if (!existsSync(built))
        throw new SandboxBuildError(`building ${label} failed; fix the error below and retry:\n${tail}`);
      renameSync(built, binary);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    progress(`built ${label} in ${formatElapsed(Date.now() - started)}: ${binary}`);
    return binary;
  } finally {
    release();
  }
}

/** `go install <pkg@version>` into `gobin`; resolves with the last lines of output. */
function goInstall(go: string, gobin: string, pkgAtVersion: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(go, ['install', '-trimpath', '-ldflags', '-s -w', pkgAtVersion], {
      cwd: gobin,
      env: { ...env, GOBIN: gobin, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' },
      stdio: 'pipe',
    });
    const lines: string[] = [];
    const collect = (chunk: Buffer): void => {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - 20));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', () => resolve(lines.join('\n')));
  });
}
