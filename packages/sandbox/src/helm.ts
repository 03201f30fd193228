// Helm, for the chart tests (deploy/helm/operator-studio): not packaged for Debian, so it is built
// from its Go module with `go install` into the binaries cache, once per pinned version
// (~/.cache/operator-studio/helm-v3.22.0/helm, or under OPSTUDIO_CACHE_DIR). Like the sandbox
// binaries: a lock so two builds never race, a temp GOBIN and a rename so a killed build leaves
// no half-written binary. `npm test` builds it in setup (scripts/setup.sh --test), so CI and
// fresh clones on the same machine reuse it.
//   node --import tsx packages/sandbox/src/helm.ts     # builds if missing, prints the path
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatElapsed, SandboxBuildError, type Progress } from './build';
import { findGo } from './go-toolchain';
import { acquireLock } from './lock';
import { cacheRoot } from './versions';

/** The pinned Helm release (Go module helm.sh/helm/v3); a new pin means a new cache folder. */
export const HELM_VERSION = '3.22.0';
/** The oldest Go that builds it: the `go` directive of helm v3.22.0's go.mod. */
const HELM_GO = '1.26';

export function helmPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheRoot(env), `helm-v${HELM_VERSION}`, 'helm');
}

/** The cached helm binary's path, building it first when it is missing (minutes cold, then instant). */
export async function ensureHelm(opts: { onProgress?: Progress; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const env = opts.env ?? process.env;
  const progress = opts.onProgress ?? (() => {});
  const binary = helmPath(env);
  if (existsSync(binary)) return binary;
  const dir = join(binary, '..');
  mkdirSync(dir, { recursive: true });
  const release = await acquireLock(join(dir, 'build.lock'), {
    onWait: (pid) => progress(`waiting for another helm build (pid ${pid}) to finish…`),
  });
  try {
    if (existsSync(binary)) return binary; // built by the holder of the lock while we waited
    const go = await findGo(HELM_GO, env);
    const started = Date.now();
    progress(`building helm v${HELM_VERSION} from its Go module (a few minutes cold; later runs reuse the cache)…`);
    const tmp = mkdtempSync(join(dir, '.build-'));
    try {
      const tail = await goInstall(go, tmp, env);
      if (!existsSync(join(tmp, 'helm')))
        throw new SandboxBuildError(`building helm v${HELM_VERSION} failed; fix the error below and retry:\n${tail}`);
      renameSync(join(tmp, 'helm'), binary);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    progress(`built helm v${HELM_VERSION} in ${formatElapsed(Date.now() - started)}: ${binary}`);
    return binary;
  } finally {
    release();
  }
}

/** `go install helm.sh/helm/v3/cmd/helm@v…` into `gobin`; resolves with the last lines of output. */
function goInstall(go: string, gobin: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      go,
      ['install', '-trimpath', '-ldflags', '-s -w', `helm.sh/helm/v3/cmd/helm@v${HELM_VERSION}`],
      { cwd: gobin, env: { ...env, GOBIN: gobin, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' }, stdio: 'pipe' },
    );
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

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await ensureHelm({ onProgress: (line) => console.error(`[helm] ${line}`) }));
}
