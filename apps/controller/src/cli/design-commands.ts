/**
 * `opstudio crd <design.yaml>` (the CRD, as controller-gen writes it), `opstudio rbac` (the
 * manager ClusterRole), `opstudio sample` (a sample CR) and `opstudio import <crd.yaml>` (a
 * design from an existing CRD, or from kro's ResourceGraphDefinition: docs/design/0056), each to stdout; `-` reads stdin. `opstudio types <design> -o
 * <dir>` writes the Go API package; `-o <dir>` also writes crd/rbac/sample where kubebuilder
 * keeps them (config/crd/bases/…, config/rbac/role.yaml, config/samples/…).
 * Exit codes: 0 fine, 2 unreadable or invalid input (one line on stderr). Warnings about what
 * an import keeps as raw schema go to stderr and do not change the exit code.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateCrd } from '@opstudio/shared/crd/generate';
import { importCrd } from '@opstudio/shared/crd/import';
import { describeProblem } from '@opstudio/shared/kro/problems';
import { rgdToDesign } from '@opstudio/shared/kro/from-rgd';
import { parseDesign, serializeDesign } from '@opstudio/shared/design/io';
import type { Design } from '@opstudio/shared/design/schema';
import { generateRbac } from '@opstudio/shared/manifests/rbac';
import { generateSample, storageVersion } from '@opstudio/shared/manifests/sample';
import { fullGroup, resolveNames } from '@opstudio/shared/design/names';
import { generateGoTypes } from '@opstudio/shared/gotypes/generate';
import type { DesignError } from '@opstudio/shared/design/errors';
import { parseOrExit } from './args';
import { processIo, type CommandIo } from './output';
import { commandSpec } from './commands';

export class InputError extends Error {}

export function readInput(arg: string, io: CommandIo = processIo): string {
  try {
    return arg === '-' ? io.stdin() : readFileSync(arg, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message;
    throw new InputError(`cannot read ${arg === '-' ? 'stdin' : arg}: ${why}`);
  }
}

function describe(errors: DesignError[]): string {
  const [first] = errors;
  if (!first) return 'invalid input';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${first.path ? `${first.path}: ` : ''}${first.message}${more}`;
}

export function readDesign(arg: string, io: CommandIo = processIo): Design {
  const parsed = parseDesign(readInput(arg, io));
  if (!parsed.ok) throw new InputError(`${arg === '-' ? 'stdin' : arg}: ${describe(parsed.errors)}`);
  return parsed.design;
}

function importCommand(arg: string, io: CommandIo): string {
  const text = readInput(arg, io);
  if (isRgd(text)) return importRgd(arg, text, io);
  const result = importCrd(text);
  if (!result.ok) throw new InputError(`${arg === '-' ? 'stdin' : arg}: ${describe(result.errors)}`);
  for (const u of result.unrepresentable) io.stderr(`opstudio import: warning: ${u.path}: ${u.reason}\n`);
  return serializeDesign(result.design);
}

/** kro's ResourceGraphDefinition, told from a CRD by its kind (docs/design/0056). */
const isRgd = (text: string): boolean => /^kind:\s*['"]?ResourceGraphDefinition['"]?\s*$/m.test(text);

function importRgd(arg: string, text: string, io: CommandIo): string {
  const result = rgdToDesign(text);
  const where = arg === '-' ? 'stdin' : arg;
  if (!result.ok) {
    for (const r of result.refused) io.stderr(`opstudio import: refused: ${describeProblem(r)}\n`);
    throw new InputError(
      result.refused.length > 0
        ? `${where}: the studio lacks ${result.refused.length === 1 ? 'one construct' : `${result.refused.length} constructs`} this RGD uses (above)`
        : `${where}: ${describe(result.errors)}`,
    );
  }
  for (const n of result.notes) io.stderr(`opstudio import: note: ${describeProblem(n)}\n`);
  return serializeDesign(result.design);
}

const COMMANDS: Record<string, (arg: string, io: CommandIo) => string> = {
  crd: (arg, io) => generateCrd(readDesign(arg, io)),
  rbac: (arg, io) => generateRbac(readDesign(arg, io)),
  sample: (arg, io) => generateSample(readDesign(arg, io)),
  import: importCommand,
  types: () => {
    throw new InputError('types writes several files: pass -o <dir>');
  },
};

/** What `-o <dir>` writes for each command, at the paths of a kubebuilder project. */
const FILE_COMMANDS: Record<string, (design: Design, io: CommandIo) => ReadonlyMap<string, string>> = {
  crd: (d) => new Map([[`config/crd/bases/${fullGroup(d)}_${resolveNames(d.crd.names).plural}.yaml`, generateCrd(d)]]),
  rbac: (d) => new Map([['config/rbac/role.yaml', generateRbac(d)]]),
  sample: (d) =>
    new Map([
      [
        `config/samples/${d.crd.group}_${storageVersion(d).name}_${d.crd.names.kind.toLowerCase()}.yaml`,
        generateSample(d),
      ],
    ]),
  types: (d, io) => {
    const r = generateGoTypes(d);
    for (const n of r.notExpressible) io.stderr(`opstudio types: warning: ${n.path}: ${n.reason}\n`);
    if (r.allowDangerousTypes)
      io.stderr('opstudio types: note: float fields need `controller-gen crd:allowDangerousTypes=true`\n');
    return r.files;
  },
};

function writeFiles(dir: string, files: ReadonlyMap<string, string>, io: CommandIo): void {
  for (const [path, text] of files) {
    const target = join(dir, path);
    try {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    } catch (e) {
      throw new InputError(`cannot write ${target}: ${(e as Error).message}`);
    }
    io.stdout(`${target}\n`);
  }
}

export async function designCommand(cmd: string, args: string[], io: CommandIo = processIo): Promise<number> {
  await Promise.resolve();
  const run = COMMANDS[cmd];
  if (!run) {
    io.stderr(`opstudio ${cmd}: not available yet in this build; crd, rbac, sample, types and import are.\n`);
    return 2;
  }
  const parsed = parseOrExit(commandSpec(cmd), args, io);
  if (typeof parsed === 'number') return parsed;
  const [arg] = parsed.positionals as [string];
  const outDir = parsed.values.output;
  const files = FILE_COMMANDS[cmd];
  try {
    if (typeof outDir === 'string' && files) writeFiles(outDir, files(readDesign(arg, io), io), io);
    else io.stdout(run(arg, io));
    return 0;
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.stderr(`opstudio ${cmd}: ${e.message}\n`);
    return 2;
  }
}

// Run directly (`node --import tsx design-commands.ts crd x.yaml`), e.g. from tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [cmd = '', ...rest] = process.argv.slice(2);
  designCommand(cmd, rest).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`opstudio: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 2;
    },
  );
}
