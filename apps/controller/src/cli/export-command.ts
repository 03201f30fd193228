/**
 * `opstudio export <design.yaml> -o <file.zip>`: the design as a kubebuilder Go operator project,
 * zipped (the same bytes as the web app's "Export zip"); `--dir <dir>` writes the tree instead.
 * `--format kro` prints kro's ResourceGraphDefinition instead (`-o <file>` writes it): what kro
 * cannot express is refused, one line per construct (docs/design/0056).
 * `--check <dir>` compares an exported project's generated files with the design's (drift, for
 * CI); `--update <dir>` merges the design into it three ways (docs/design/0057, export-project.ts).
 * Exit codes: 0 written (or clean), 1 drift or conflicts, 2 unreadable or invalid input, or a
 * construct kro lacks (stderr).
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parseDesign } from '@opstudio/shared/design/io';
import { exportZip } from '@opstudio/shared/scaffold/export-zip';
import type { Design } from '@opstudio/shared/design/schema';
import { describeProblem } from '@opstudio/shared/kro/problems';
import { designToRgd } from '@opstudio/shared/kro/to-rgd';
import { ScaffoldError } from '@opstudio/shared/scaffold/facts';
import { writeTree } from '../export/write-tree';
import { parseOrExit } from './args';
import { processIo, type CommandIo } from './output';
import { commandSpec } from './commands';
import { checkProject, updateProject } from './export-project';

const SPEC = commandSpec('export');

export function exportCommand(args: string[], io: CommandIo = processIo): Promise<number> {
  return Promise.resolve(exportSync(args, io));
}

function exportSync(args: string[], io: CommandIo): number {
  const fail = (message: string): number => {
    io.stderr(`opstudio export: ${message}\n`);
    return 2;
  };
  const argv = parseOrExit(SPEC, args, io);
  if (typeof argv === 'number') return argv;
  const [input] = argv.positionals as [string];
  const {
    output: out,
    dir,
    format,
    check,
    update,
    force,
  } = argv.values as {
    output?: string;
    dir?: string;
    format?: string;
    check?: string;
    update?: string;
    force?: boolean;
  };
  const kro = format === 'kro';
  if (kro && [dir, check, update].some((v) => v !== undefined))
    return fail('--format kro writes one file: pass -o <file>, or nothing to print it');
  if (!kro && [out, dir, check, update].filter((v) => v !== undefined).length !== 1)
    return fail(`pass one of -o <file.zip>, --dir <empty dir>, --check <dir> and --update <dir>`);
  if (force === true && update === undefined) return fail(`--force goes with --update`);
  let text: string;
  try {
    text = input === '-' ? io.stdin() : readFileSync(input, 'utf8');
  } catch (e) {
    return fail(
      `cannot read ${input}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`,
    );
  }
  const parsed = parseDesign(text);
  if (!parsed.ok) {
    const first = parsed.errors[0];
    return fail(`${input}: ${first?.path ? `${first.path}: ` : ''}${first?.message ?? 'invalid design'}`);
  }
  if (kro) return exportRgd(input, parsed.design, out, io, fail);
  if (check !== undefined) return checkProject(parsed.design, check, io, fail);
  if (update !== undefined) return updateProject(parsed.design, update, force === true, io, fail);
  const started = performance.now();
  let zip: ReturnType<typeof exportZip>;
  try {
    zip = exportZip(parsed.design);
  } catch (e) {
    if (e instanceof ScaffoldError) return fail(`cannot export ${input}: ${e.message}`);
    throw e;
  }
  const ms = performance.now() - started;
  for (const n of zip.scaffold.notExpressible) io.stderr(`opstudio export: note: ${n.path}: ${n.reason}\n`);
  if (dir !== undefined) {
    if (existsSync(dir) && readdirSync(dir).length > 0)
      return fail(`${dir} is not empty: choose a new or empty directory`);
    writeTree(dir, zip.scaffold.files);
    io.stderr(`opstudio export: wrote ${zip.scaffold.files.size} files to ${dir} in ${ms.toFixed(0)} ms\n`);
    return 0;
  }
  writeFileSync(out!, zip.bytes);
  io.stderr(
    `opstudio export: wrote ${out} (${zip.scaffold.files.size} files, ${zip.bytes.length} bytes) in ${ms.toFixed(0)} ms\n`,
  );
  return 0;
}

function exportRgd(
  input: string,
  design: Design,
  out: string | undefined,
  io: CommandIo,
  fail: (message: string) => number,
): number {
  const result = designToRgd(design);
  for (const n of result.notes) io.stderr(`opstudio export: note: ${describeProblem(n)}\n`);
  if (!result.ok) {
    for (const r of result.refused) io.stderr(`opstudio export: refused: ${describeProblem(r)}\n`);
    return fail(
      `cannot export ${input} as an RGD: kro lacks ${result.refused.length === 1 ? 'one construct' : `${result.refused.length} constructs`} it uses (above)`,
    );
  }
  if (out === undefined) {
    io.stdout(result.text);
    return 0;
  }
  try {
    writeFileSync(out, result.text);
  } catch (e) {
    return fail(`cannot write ${out}: ${(e as Error).message}`);
  }
  io.stderr(`opstudio export: wrote ${out}\n`);
  return 0;
}
