// The controller compiled ahead of time (docs/design/0059): one esbuild pass bundles an entry
// with the workspace packages (@opstudio/*) inlined and every npm dependency left to node_modules,
// so a start loads plain JavaScript instead of compiling TypeScript through tsx at run time.
// Dynamic imports stay lazy chunks. The output sits in a folder of its own, flat, with a record
// of every input (build.json) that fresh.ts checks before anything runs it.
// `node --import tsx apps/controller/src/build/compile.ts` builds the controller when it is not
// current (scripts/setup.sh runs it); the bench compiles its embedded child the same way.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { BuildRecord } from '@opstudio/shared/build/freshness';
import { BUILD_RECORD, buildChangeIn, fileSha256, installedBuilder, type BuildChange } from './fresh';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const here = fileURLToPath(import.meta.url);

/** What to compile: entries by output name (`<outdir>/<name>.mjs`), paths relative to the repository. */
export interface BuildTarget {
  readonly outdir: string;
  readonly entries: Readonly<Record<string, string>>;
}

/** The planner's worker thread, compiled into every build (planner.ts starts it from a file). */
const PLANNER_THREAD = { name: 'planner-thread', source: 'apps/controller/src/operators/planner.worker.ts' };

/** `opstudio` (bin/opstudio.js runs it when fresh.mjs says it is current). */
export const CONTROLLER_BUILD: BuildTarget = {
  outdir: 'apps/controller/dist',
  entries: { opstudio: 'apps/controller/src/cli/main.ts', fresh: 'apps/controller/src/build/current.ts' },
};

/** What the build reads besides the modules it bundles: a change to any of them rebuilds. */
const SETTINGS = [
  path.relative(repoRoot, here),
  'tsconfig.base.json',
  'apps/controller/package.json',
  'packages/shared/package.json',
  'packages/cel/package.json',
  'packages/sandbox/package.json',
];

/**
 * `import.meta.url` as the module's own source file, wherever the bundle puts it: modules find
 * files beside their source (the CEL module, the sandbox's Go modules, the Prisma client's folder),
 * and the repository is laid out the same in a clone and in the image. Bare imports other than
 * the workspace's stay external (node_modules).
 */
function workspacePlugin(outdir: string): Plugin {
  return {
    name: 'opstudio-workspace',
    setup(b) {
      // Prisma's query compiler comes as a module whose source is one base64 literal (2.4 MB):
      // imported, V8 would hold that source and the literal for the process's life. The bundle
      // reads the same text from the same file when Prisma asks, and lets it go once Prisma has it.
      b.onResolve({ filter: PRISMA_WASM }, (args) => ({ path: args.path, namespace: PRISMA_WASM_NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: PRISMA_WASM_NAMESPACE }, (args) => ({
        contents: prismaWasmModule(args.path),
        loader: 'js',
        resolveDir: repoRoot,
      }));
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@opstudio/') || args.path.startsWith('node:') || args.path === '@kubernetes/client-node'
          ? undefined
          : { path: args.path, external: true },
      );
      b.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta')) return undefined;
        if (/import\.meta\.(dirname|filename)/.test(text))
          return { errors: [{ text: `${args.path}: use import.meta.url (the compiled build rewrites only that)` }] };
        const rel = path.relative(path.join(repoRoot, outdir), args.path).split(path.sep).join('/');
        const own = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', own), loader: args.path.endsWith('s') ? 'ts' : 'js' };
      });
    },
  };
}

/** Where the build's stand-in for Prisma's base64 module lives (no file: the record leaves it out). */
const PRISMA_WASM_NAMESPACE = 'prisma-wasm';
const PRISMA_WASM = /^@prisma\/client\/runtime\/query_compiler_bg\.\w+\.wasm-base64\.mjs$/;

/** The module in place of Prisma's base64 one: the same `wasm` export, read at run time, then dropped. */
function prismaWasmModule(specifier: string): string {
  return `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const text = readFileSync(createRequire(import.meta.url).resolve(${JSON.stringify(specifier)}), 'latin1');
export let wasm = text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'));
// the importer destructures it as soon as the import resolves; after that the module holds nothing
setTimeout(() => { wasm = undefined; }, 0);
`;
}

/**
 * Rewrites what non-ASCII characters esbuild left (only in the comments it keeps: strings and
 * regular expressions it already escapes) as `\\u` escapes. V8 holds a module's source for its
 * whole life, and one character outside Latin-1 makes it hold all of it at two bytes a character.
 */
function asciiOnly(file: string): void {
  const text = readFileSync(file, 'utf8');
  // eslint-disable-next-line no-control-regex -- the ASCII range itself
  const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (ascii !== text) writeFileSync(file, ascii);
}

/** Compiles the target and writes its record; returns how long it took. */
export async function compileBuild(target: BuildTarget): Promise<{ ms: number }> {
  const started = performance.now();
  const outdir = path.join(repoRoot, target.outdir);
  mkdirSync(outdir, { recursive: true });
  const entries = { ...target.entries, [PLANNER_THREAD.name]: PLANNER_THREAD.source };
  const plannerDir = path.dirname(path.join(repoRoot, PLANNER_THREAD.source)); // planner.ts's folder too
  const plannerThread = path.relative(plannerDir, path.join(outdir, `${PLANNER_THREAD.name}.mjs`));
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, src]) => [name, path.join(repoRoot, src)])),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true, // the CLI's per-command dynamic imports stay lazy
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    define: { OPSTUDIO_PLANNER_THREAD: JSON.stringify(plannerThread.split(path.sep).join('/')) },
    plugins: [workspacePlugin(target.outdir)],
  });
  const written = Object.keys(result.metafile.outputs);
  for (const rel of written) if (rel.endsWith('.mjs')) asciiOnly(path.join(repoRoot, rel));
  for (const name of readdirSync(outdir)) {
    const rel = path.join(target.outdir, name);
    if (name !== BUILD_RECORD && !written.includes(rel)) rmSync(path.join(outdir, name), { force: true });
  }
  const stamp = (rel: string) => {
    const s = statSync(path.join(repoRoot, rel));
    return { size: s.size, mtimeMs: s.mtimeMs };
  };
  const record: BuildRecord = {
    builder: installedBuilder(),
    inputs: Object.fromEntries(
      [
        ...Object.keys(result.metafile.inputs).filter((rel) => !rel.startsWith(`${PRISMA_WASM_NAMESPACE}:`)),
        ...SETTINGS,
      ].map((rel) => [rel, { ...stamp(rel), sha256: fileSha256(path.join(repoRoot, rel)) }]),
    ),
    outputs: Object.fromEntries(written.map((rel) => [rel, { size: stamp(rel).size }])),
  };
  const file = path.join(outdir, BUILD_RECORD);
  writeFileSync(`${file}.tmp-${process.pid}`, `${JSON.stringify(record, null, 1)}\n`);
  renameSync(`${file}.tmp-${process.pid}`, file);
  return { ms: performance.now() - started };
}

/** Compiles the target unless its record says it is current; says what it did. */
export async function ensureBuilt(target: BuildTarget): Promise<{ change: BuildChange | undefined; ms: number }> {
  const change = buildChangeIn(path.join(repoRoot, target.outdir));
  if (change === undefined) return { change, ms: 0 };
  return { change, ...(await compileBuild(target)) };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { change, ms } = await ensureBuilt(CONTROLLER_BUILD);
  if (change !== undefined)
    console.log(`compiled the controller in ${(ms / 1000).toFixed(1)} s (${change.path}: ${change.why})`);
}
