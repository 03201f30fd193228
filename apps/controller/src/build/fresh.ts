// Whether a compiled build (compile.ts) is current: every input it was built from is still as
// recorded in its build.json (the rule: @opstudio/shared/build/freshness). bin/opstudio.js asks
// this of the controller's build before running it, and runs the TypeScript through tsx when
// the answer is no, so a source changed after the build never runs stale.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildChange, buildRecordSchema, type BuildChange } from '@opstudio/shared/build/freshness';

export type { BuildChange };

/** The record each build writes in its folder. */
export const BUILD_RECORD = 'build.json';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** A file's SHA-256, as the record holds it. */
export const fileSha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The builder a current build was made with: esbuild at the version installed. */
export function installedBuilder(): string {
  const pkg = createRequire(import.meta.url).resolve('esbuild/package.json');
  return `esbuild ${(JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version}`;
}

/** Why the build in `outdir` is not current (no build, a changed input, …), or undefined when it is. */
export function buildChangeIn(outdir: string, builder = installedBuilder()): BuildChange | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(outdir, BUILD_RECORD), 'utf8');
  } catch {
    return { path: path.relative(repoRoot, path.join(outdir, BUILD_RECORD)), why: 'output missing' };
  }
  const record = buildRecordSchema.safeParse(JSON.parse(text));
  if (!record.success) return { path: path.relative(repoRoot, path.join(outdir, BUILD_RECORD)), why: 'changed' };
  return buildChange(record.data, builder, {
    stat(rel) {
      const s = statSync(path.join(repoRoot, rel), { throwIfNoEntry: false });
      return s === undefined ? undefined : { size: s.size, mtimeMs: s.mtimeMs };
    },
    sha256: (rel) => fileSha256(path.join(repoRoot, rel)),
  });
}

/** Why the controller's compiled build (apps/controller/dist) may not run, or undefined when it may. */
export function controllerBuildChange(): BuildChange | undefined {
  return buildChangeIn(path.join(repoRoot, 'apps/controller/dist'));
}
