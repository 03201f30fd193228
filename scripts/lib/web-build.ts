/**
 * Builds the production web app only when its inputs changed since the last build.
 * The stamp is a hash of every source file the build reads (web app, shared package, lock file),
 * plus the CEL module's hash: the build carries the module's URL (apps/web/next.config.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureCel } from '@opstudio/cel/build';
import { repoRoot } from './paths';
import { run } from './proc';

const inputs = ['apps/web', 'packages/shared/src', 'apps/controller/src/api', 'package-lock.json'];
// outputs, not inputs: `next build` writes next-env.d.ts on its first run, so hashing it made a fresh
// clone's second ensureWebBuild (e2e, after https-studio.int built) see a change and build again
const skip = new Set(['node_modules', '.next', 'test-results', 'next-env.d.ts']);
const webDir = path.join(repoRoot, 'apps/web');
const stampFile = path.join(webDir, '.next', 'opstudio-build-stamp');

function hashTree(hash: crypto.Hash, root: string, abs: string): void {
  const stat = fs.statSync(abs);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) {
      if (!skip.has(name)) hashTree(hash, root, path.join(abs, name));
    }
  } else {
    hash.update(path.relative(root, abs)).update('\0').update(fs.readFileSync(abs)).update('\0');
  }
}

/** The hash of the build's inputs under `root` (a repository checkout). */
export function webInputsHash(root = repoRoot): string {
  const hash = crypto.createHash('sha256');
  for (const rel of inputs) {
    const abs = path.join(root, rel);
    if (fs.existsSync(abs)) hashTree(hash, root, abs);
  }
  return hash.digest('hex');
}

export async function ensureWebBuild(log: (line: string) => void): Promise<void> {
  const cel = await ensureCel(process.env, log);
  const want = `${webInputsHash()} cel-${cel.hash}`;
  const have = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  if (want === have && fs.existsSync(path.join(webDir, '.next', 'BUILD_ID'))) return;
  log('building the production web app (next build, about a minute)');
  const started = Date.now();
  const code = await run('npx', ['--no-install', 'next', 'build'], {
    cwd: webDir,
    env: { NEXT_TELEMETRY_DISABLED: '1', OPSTUDIO_CEL_DIR: cel.dir },
  });
  if (code !== 0) throw new Error(`the web app failed to build (next build exited ${code}); fix the errors above`);
  fs.writeFileSync(stampFile, want);
  log(`web app built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
